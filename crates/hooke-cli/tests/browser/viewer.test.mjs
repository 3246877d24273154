// Browser tests of hooke's viewer page, in Debian's headless Chromium (never a downloaded one).
//
//   node viewer.test.mjs PAGE.html [PAGE.html ...] [--screenshot OUT.png] [--at SECONDS]
//                        [--large] [--seams N]
//
// For each page: no console error, no uncaught exception and no network request (every request
// but the page itself fails the test); the canvas is drawn (a screenshot is not blank); two
// times give different screenshots; it plays (time advances, the picture changes), pauses, and
// plays slowly at 0.25x; dragging the scrubber moves the pose; dragging the canvas orbits the
// camera. --seams N: the page shows N seam markers (at least). --large: the page holds a long
// clip; it must load within 15 s and draw a frame within 16 ms on average.
// --screenshot: a 1440x900 screenshot of the first page, paused at --at seconds.
// CHROMIUM overrides the browser (default /usr/bin/chromium).
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { decodePng, stats, difference } from './png.mjs';

const args = process.argv.slice(2);
const pages = [];
const options = { screenshot: null, at: null, large: false, seams: 0 };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--screenshot') options.screenshot = args[++i];
  else if (args[i] === '--at') options.at = Number(args[++i]);
  else if (args[i] === '--large') options.large = true;
  else if (args[i] === '--seams') options.seams = Number(args[++i]);
  else pages.push(args[i]);
}
if (pages.length === 0) {
  console.error('usage: node viewer.test.mjs PAGE.html [...] [--screenshot OUT.png] [--at S] [--large] [--seams N]');
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  console.error(`no browser at ${executablePath} (apt-get install chromium, or set CHROMIUM)`);
  process.exit(1);
}

const failures = [];
function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const [index, file] of pages.entries()) {
    const url = pathToFileURL(resolve(file)).href;
    const size = statSync(file).size;
    console.log(`${file} (${(size / 1e6).toFixed(2)} MB)`);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors = [];
    const requests = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
    // Nothing but the page itself may load: anything else is refused (and recorded above).
    await context.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));

    const started = Date.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.hookeViewer && window.hookeViewer.ready, null, { timeout: 30000 });
    const loadMs = Date.now() - started;
    const info = await page.evaluate(() => ({
      duration: window.hookeViewer.duration, synced: window.hookeViewer.synced,
      clips: window.hookeViewer.clips, seams: document.querySelectorAll('.seam').length,
    }));
    console.log(`  loaded in ${loadMs} ms: ${info.clips.length} clip(s), ${info.duration.toFixed(2)} s, ` +
      `${info.synced ? 'one timeline' : 'own timelines'}, ${info.seams} seam marker(s)`);
    check(info.duration > 0.5 && info.clips.length > 0, 'the page holds clips');
    if (options.seams) check(info.seams >= options.seams, `at least ${options.seams} seam markers on the scrubber`);
    if (options.large) check(loadMs < 15000, `a large page loads within 15 s (${loadMs} ms)`);

    const canvas = page.locator('#canvas');
    const shot = async () => decodePng(await canvas.screenshot());
    const at = async (t) => {
      await page.evaluate((t) => { window.hookeViewer.pause(); window.hookeViewer.seek(t); }, t);
      return shot();
    };

    // Drawn: a screenshot is not blank.
    const d = info.duration;
    const a = await at(d * 0.3);
    const s = stats(a);
    check(s.colours > 40 && s.notBackground > 0.02,
      `the canvas is drawn (${s.colours} colours, ${(100 * s.notBackground).toFixed(1)}% not background)`);

    // Two times, two pictures.
    const b = await at(d * 0.6);
    const ab = difference(a, b);
    check(ab > 0.002, `screenshots at two times differ (${(100 * ab).toFixed(2)}% of pixels)`);

    // Plays: the play button starts the clock, the picture changes, pause stops it.
    await page.evaluate(() => window.hookeViewer.seek(0.1));
    const before = await shot();
    const rendered = await page.evaluate(() => window.hookeViewer.renders);
    await page.click('#play');
    await sleep(700);
    const running = await page.evaluate(() => ({
      t: window.hookeViewer.time, playing: window.hookeViewer.playing, renders: window.hookeViewer.renders,
    }));
    const fps = (running.renders - rendered) / 0.7;
    console.log(`  plays at about ${fps.toFixed(0)} frames per second`);
    if (options.large) check(fps >= 20, `a large page plays smoothly (${fps.toFixed(0)} frames/s, at least 20)`);
    const during = await shot();
    check(running.playing && running.t > 0.3, `the play button plays (time ${running.t.toFixed(2)} s after 0.7 s)`);
    check(difference(before, during) > 0.002, 'the picture changes while playing');
    await page.click('#play');
    const paused = await page.evaluate(() => window.hookeViewer.time);
    await sleep(300);
    const still = await page.evaluate(() => ({ t: window.hookeViewer.time, playing: window.hookeViewer.playing }));
    check(!still.playing && still.t === paused, 'the button pauses');

    // Slow motion: 0.25x advances the clock about a quarter as fast.
    await page.click('#speeds button[data-speed="0.25"]');
    await page.evaluate(() => window.hookeViewer.seek(0));
    await page.click('#play');
    await sleep(1000);
    const slow = await page.evaluate(() => ({ t: window.hookeViewer.time, speed: window.hookeViewer.speed }));
    await page.click('#play');
    check(slow.speed === 0.25 && slow.t > 0.05 && slow.t < 0.5,
      `0.25x plays slowly (${slow.t.toFixed(2)} s of clip in 1 s)`);
    await page.click('#speeds button[data-speed="1"]');

    // The scrubber moves the pose: click it at a quarter and at three quarters.
    const box = await page.locator('#scrub').boundingBox();
    const clickAt = async (frac) => {
      await page.mouse.click(box.x + 7 + (box.width - 14) * frac, box.y + box.height / 2);
      return page.evaluate(() => ({ t: window.hookeViewer.time, pose: window.hookeViewer.pose(0), frame: window.hookeViewer.frame(0) }));
    };
    const q1 = await clickAt(0.25);
    const q3 = await clickAt(0.75);
    const moved = Math.max(...q1.pose.map((v, i) => Math.abs(v - q3.pose[i])));
    check(Math.abs(q1.t - 0.25 * d) < 0.05 * d && Math.abs(q3.t - 0.75 * d) < 0.05 * d,
      `the scrubber sets the time (${q1.t.toFixed(2)} s, ${q3.t.toFixed(2)} s of ${d.toFixed(2)} s)`);
    check(q1.frame !== q3.frame && moved > 1e-3, `the scrubber moves the pose (frames ${q1.frame} -> ${q3.frame})`);

    // Orbit: dragging the canvas turns the camera.
    const still1 = await shot();
    const cb = await canvas.boundingBox();
    await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
    await page.mouse.down();
    await page.mouse.move(cb.x + cb.width / 2 + 160, cb.y + cb.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.evaluate(() => window.hookeViewer.seek(window.hookeViewer.time));
    const orbited = await shot();
    check(difference(still1, orbited) > 0.002, 'dragging the canvas orbits the camera');

    // Drawing cost (what keeps a long clip smooth).
    const cost = await page.evaluate(() => {
      const v = window.hookeViewer;
      const t0 = performance.now();
      for (let i = 0; i < 60; i++) v.seek((i / 60) * v.duration);
      return (performance.now() - t0) / 60;
    });
    console.log(`  one frame draws in ${cost.toFixed(2)} ms`);
    if (options.large) check(cost < 16, `a frame of the large page draws within 16 ms (${cost.toFixed(2)} ms)`);

    if (index === 0 && options.screenshot) {
      await page.evaluate(() => window.hookeViewer.orbit(0.65, 0.32));
      await page.evaluate((t) => { window.hookeViewer.pause(); window.hookeViewer.seek(t); }, options.at ?? d * 0.3);
      writeFileSync(options.screenshot, await page.screenshot());
      console.log(`  screenshot: ${options.screenshot}`);
    }

    check(errors.length === 0, `no console error or uncaught exception${errors.length ? ': ' + errors.join(' | ') : ''}`);
    check(requests.length === 0, `no network request${requests.length ? ': ' + requests.join(', ') : ''}`);
    await context.close();
  }
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('browser tests passed');
