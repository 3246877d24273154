// hooke's clip viewer: skeletons side by side on a 2D canvas with a perspective camera.
// The data (world-space joint positions, int16 in each clip's bounding box, base64) is the JSON
// element #hooke-data; window.hookeViewer is the hook the browser tests drive.
(function () {
  'use strict';
  const COLORS = ['#ff7a45', '#36cfc9', '#ffd43b', '#95de64', '#b37feb', '#69b1ff'];
  const TRAIL = '#ffffff';
  const data = JSON.parse(document.getElementById('hooke-data').textContent);

  function decode(text) {
    const bin = atob(text);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const view = new DataView(bytes.buffer);
    const values = new Float32Array(bytes.length >> 1);
    return { view, values };
  }

  // The ground under the character, frame by frame: the lowest joint over the half second up to
  // the frame (a jump stays above the ground; a step down lowers it at once), smoothed over
  // 0.3 s (clips stitched at different heights, or a climb, move it gently). And the character's size: the 90th
  // percentile of its vertical extent.
  function groundLine(pos, n, frames, dt) {
    const low = new Float32Array(frames), extent = new Float32Array(frames);
    for (let f = 0; f < frames; f++) {
      let lo = Infinity, hi = -Infinity;
      for (let j = 0; j < n; j++) {
        const y = pos[3 * (n * f + j) + 1];
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
      low[f] = lo;
      extent[f] = hi - lo;
    }
    const half = (s) => Math.max(0, Math.round(s / Math.max(dt, 1e-6)));
    const w = half(0.5);
    const floor = new Float32Array(frames);
    // Sliding minimum with a monotonic queue: O(frames) for any window.
    const queue = new Int32Array(frames);
    let head = 0, tail = 0, next = 0;
    for (let f = 0; f < frames; f++) {
      for (; next < frames && next <= f; next++) {
        while (tail > head && low[queue[tail - 1]] >= low[next]) tail--;
        queue[tail++] = next;
      }
      while (queue[head] < f - w) head++;
      floor[f] = low[queue[head]];
    }
    const m = half(0.15);
    const line = new Float32Array(frames);
    let sum = 0, count = 0;
    for (let f = 0; f < Math.min(m, frames); f++) { sum += floor[f]; count++; }
    for (let f = 0; f < frames; f++) {
      if (f + m < frames) { sum += floor[f + m]; count++; }
      if (f - m - 1 >= 0) { sum -= floor[f - m - 1]; count--; }
      line[f] = sum / count;
    }
    const sorted = Array.from(extent).sort(function (a, b) { return a - b; });
    const size = sorted.length ? sorted[Math.floor(0.9 * (sorted.length - 1))] : 1;
    return { line: line, size: Math.max(size, 1e-3) };
  }

  const clips = data.clips.map(function (c, k) {
    const raw = decode(c.positions);
    const n = c.joints.length;
    const scale = c.extent.map(function (e) { return e / 65535; });
    const pos = raw.values;
    for (let i = 0; i < pos.length; i++) {
      const axis = i % 3;
      pos[i] = c.min[axis] + (raw.view.getInt16(2 * i, true) + 32768) * scale[axis];
    }
    const ground = groundLine(pos, n, c.frames, c.frameTime);
    const left = c.joints.map(function (name) { return /^(Left|L[A-Z_])/.test(name); });
    return {
      name: c.name, detail: c.detail, joints: c.joints, parents: c.parents, n: n,
      frames: c.frames, dt: c.frameTime, step: c.step, seams: c.seams, trail: c.trail,
      pos: pos, ground: ground.line, size: ground.size, left: left,
      head: c.joints.findIndex(function (name) { return /^head$/i.test(name); }),
      duration: Math.max(c.frames - 1, 0) * c.frameTime, color: COLORS[k % COLORS.length],
      pose: new Float32Array(3 * n),
    };
  });
  const synced = data.synced;
  const duration = clips.reduce(function (d, c) { return Math.max(d, c.duration); }, 0);

  // Time, playback and camera.
  let time = 0, playing = true, speed = 1, last = null, dirty = true, renders = 0;
  const cam = { yaw: 0.65, pitch: 0.32, zoom: 1 };
  let follow = true;

  function clipTime(c, t) { return Math.min(Math.max(t, 0), c.duration); }
  function groundAt(c, t) {
    const f = frameOf(c, t);
    const i0 = Math.min(Math.floor(f), c.frames - 1), i1 = Math.min(i0 + 1, c.frames - 1);
    return c.ground[i0] + (c.ground[i1] - c.ground[i0]) * (f - i0);
  }
  function frameOf(c, t) { return c.dt > 0 ? clipTime(c, t) / c.dt : 0; }

  // The interpolated pose of clip c at time t into c.pose.
  function sample(c, t, out) {
    const f = frameOf(c, t);
    const i0 = Math.min(Math.floor(f), c.frames - 1), i1 = Math.min(i0 + 1, c.frames - 1);
    const a = f - i0, b0 = 3 * c.n * i0, b1 = 3 * c.n * i1;
    for (let i = 0; i < 3 * c.n; i++) out[i] = c.pos[b0 + i] * (1 - a) + c.pos[b1 + i] * a;
    return out;
  }

  const canvas = document.getElementById('canvas');
  const ctx = canvas.getContext('2d');
  const scrub = document.getElementById('scrub');
  const clock = document.getElementById('clock');
  const playButton = document.getElementById('play');
  scrub.max = String(duration);

  // Seam markers on the scrubber (one timeline) or under each panel (own timelines).
  if (synced && duration > 0) {
    const seen = new Set();
    const box = document.getElementById('seams');
    clips.forEach(function (c) {
      c.seams.forEach(function (s) {
        const key = s.toFixed(4);
        if (seen.has(key) || s > duration) return;
        seen.add(key);
        const mark = document.createElement('div');
        mark.className = 'seam';
        mark.title = 'seam at ' + s.toFixed(2) + ' s';
        // The thumb is 14 px wide: its centre runs from 7 px to the width less 7 px.
        mark.style.left = 'calc(7px + (100% - 14px) * ' + (s / duration) + ')';
        box.appendChild(mark);
      });
    });
  }

  function layout(w, h) {
    const n = Math.max(clips.length, 1);
    const cols = n <= 3 ? n : Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    return clips.map(function (c, k) {
      const col = k % cols, row = Math.floor(k / cols);
      const x0 = Math.round(col * w / cols), x1 = Math.round((col + 1) * w / cols);
      const y0 = Math.round(row * h / rows), y1 = Math.round((row + 1) * h / rows);
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    });
  }

  function camera(c, rect, pose, dpr) {
    const size = c.size;
    let tx, tz;
    if (follow) {
      tx = pose[0]; tz = pose[2];
    } else {
      tx = c.min0x; tz = c.min0z;
    }
    const y = groundAt(c, time);
    const target = [tx, y + size * 0.45, tz];
    const dist = size * 2.1 * cam.zoom;
    const cp = Math.cos(cam.pitch);
    const eye = [
      target[0] + dist * cp * Math.sin(cam.yaw),
      target[1] + dist * Math.sin(cam.pitch),
      target[2] + dist * cp * Math.cos(cam.yaw),
    ];
    const f = norm([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
    const r = norm(cross(f, [0, 1, 0]));
    const u = cross(r, f);
    // The character fits below the panel's labels (58 px) and above its timeline (16 px).
    const top = 58 * dpr, usable = Math.max(rect.h - top - 16 * dpr, rect.h * 0.4);
    const focal = usable * 1.1;
    return {
      ground: y, eye: eye, f: f, r: r, u: u, focal: Math.min(focal, rect.w * 1.7), near: size * 0.05,
      cx: rect.x + rect.w / 2, cy: rect.y + top + usable * 0.55, target: target,
    };
  }
  function norm(v) { const l = Math.hypot(v[0], v[1], v[2]) || 1; return [v[0] / l, v[1] / l, v[2] / l]; }
  function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
  function toCam(k, x, y, z) {
    const dx = x - k.eye[0], dy = y - k.eye[1], dz = z - k.eye[2];
    return [dx * k.r[0] + dy * k.r[1] + dz * k.r[2], dx * k.u[0] + dy * k.u[1] + dz * k.u[2],
      dx * k.f[0] + dy * k.f[1] + dz * k.f[2]];
  }
  function screen(k, p) { return [k.cx + p[0] * k.focal / p[2], k.cy - p[1] * k.focal / p[2]]; }
  // A segment in camera space, clipped at the near plane; null when behind it.
  function segment(k, a, b) {
    if (a[2] < k.near && b[2] < k.near) return null;
    if (a[2] < k.near || b[2] < k.near) {
      const s = (k.near - a[2]) / (b[2] - a[2]);
      const m = [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, k.near];
      if (a[2] < k.near) a = m; else b = m;
    }
    return [screen(k, a), screen(k, b), (a[2] + b[2]) / 2];
  }

  function niceStep(x) {
    const p = Math.pow(10, Math.floor(Math.log10(x)));
    const m = x / p;
    return (m < 2 ? 1 : m < 5 ? 2 : 5) * p;
  }

  function drawGrid(c, k) {
    const cell = niceStep(c.size / 3);
    const cells = 9;
    const gx = Math.round(k.target[0] / cell) * cell, gz = Math.round(k.target[2] / cell) * cell;
    const y = k.ground;
    ctx.lineWidth = 1;
    for (let i = -cells; i <= cells; i++) {
      const fade = 1 - Math.abs(i) / (cells + 1);
      ctx.strokeStyle = 'rgba(160, 175, 200, ' + (0.32 * fade).toFixed(3) + ')';
      const lines = [
        [[gx + i * cell, y, gz - cells * cell], [gx + i * cell, y, gz + cells * cell]],
        [[gx - cells * cell, y, gz + i * cell], [gx + cells * cell, y, gz + i * cell]],
      ];
      for (const [a, b] of lines) {
        const s = segment(k, toCam(k, a[0], a[1], a[2]), toCam(k, b[0], b[1], b[2]));
        if (!s) continue;
        ctx.beginPath();
        ctx.moveTo(s[0][0], s[0][1]);
        ctx.lineTo(s[1][0], s[1][1]);
        ctx.stroke();
      }
    }
  }

  function shade(hex, amount) {
    const v = parseInt(hex.slice(1), 16);
    const ch = [v >> 16, (v >> 8) & 255, v & 255].map(function (x) {
      return Math.round(amount > 0 ? x + (255 - x) * amount : x * (1 + amount));
    });
    return 'rgb(' + ch.join(',') + ')';
  }

  function drawTrail(c, k, t) {
    const j = c.trail;
    const before = 1.5, after = 0.5;
    const f0 = Math.max(0, Math.floor((clipTime(c, t) - before) / c.dt));
    const f1 = Math.min(c.frames - 1, Math.ceil((clipTime(c, t) + after) / c.dt));
    const now = frameOf(c, t);
    let prev = null;
    ctx.lineCap = 'round';
    for (let f = f0; f <= f1; f++) {
      const b = 3 * (c.n * f + j);
      const p = toCam(k, c.pos[b], c.pos[b + 1], c.pos[b + 2]);
      if (prev) {
        const s = segment(k, prev, p);
        if (s) {
          const past = f <= now + 1;
          const age = past ? 1 - (now - f) * c.dt / before : 0.35;
          ctx.strokeStyle = past ? 'rgba(255,255,255,' + Math.max(0.08, age).toFixed(3) + ')'
            : 'rgba(255,255,255,0.22)';
          ctx.lineWidth = past ? 2.2 : 1.4;
          ctx.beginPath();
          ctx.moveTo(s[0][0], s[0][1]);
          ctx.lineTo(s[1][0], s[1][1]);
          ctx.stroke();
        }
      }
      prev = p;
    }
    // Seams within the trail: orange dots where the hand was when a new segment began.
    ctx.fillStyle = '#ffb020';
    for (const s of c.seams) {
      const f = Math.round(s / c.dt);
      if (f < f0 || f > f1) continue;
      const b = 3 * (c.n * f + j);
      const p = toCam(k, c.pos[b], c.pos[b + 1], c.pos[b + 2]);
      if (p[2] <= k.near) continue;
      const q = screen(k, p);
      ctx.beginPath();
      ctx.arc(q[0], q[1], 4, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  function drawSkeleton(c, k, pose) {
    const n = c.n;
    const cam3 = new Array(n);
    const shadow = new Array(n);
    for (let j = 0; j < n; j++) {
      cam3[j] = toCam(k, pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]);
      shadow[j] = toCam(k, pose[3 * j], k.ground, pose[3 * j + 2]);
    }
    const radius = c.size * 0.018;
    // Shadow on the ground.
    ctx.strokeStyle = 'rgba(0,0,0,0.35)';
    ctx.lineCap = 'round';
    for (let j = 0; j < n; j++) {
      const p = c.parents[j];
      if (p < 0) continue;
      const s = segment(k, shadow[p], shadow[j]);
      if (!s) continue;
      ctx.lineWidth = Math.max(1.5, radius * k.focal / s[2]);
      ctx.beginPath();
      ctx.moveTo(s[0][0], s[0][1]);
      ctx.lineTo(s[1][0], s[1][1]);
      ctx.stroke();
    }
    // Bones, far ones first.
    const bones = [];
    for (let j = 0; j < n; j++) {
      const p = c.parents[j];
      if (p < 0) continue;
      const s = segment(k, cam3[p], cam3[j]);
      if (s) bones.push([s, j]);
    }
    bones.sort(function (a, b) { return b[0][2] - a[0][2]; });
    for (const [s, j] of bones) {
      const w = Math.max(2, 2 * radius * k.focal / s[2]);
      ctx.strokeStyle = c.left[j] ? shade(c.color, 0.35) : shade(c.color, -0.12);
      ctx.lineWidth = w;
      ctx.beginPath();
      ctx.moveTo(s[0][0], s[0][1]);
      ctx.lineTo(s[1][0], s[1][1]);
      ctx.stroke();
    }
    if (c.head >= 0 && cam3[c.head][2] > k.near) {
      const s = screen(k, cam3[c.head]);
      ctx.fillStyle = shade(c.color, 0.15);
      ctx.beginPath();
      ctx.arc(s[0], s[1], Math.max(3, c.size * 0.055 * k.focal / cam3[c.head][2]), 0, 2 * Math.PI);
      ctx.fill();
    }
    const tj = cam3[c.trail];
    if (tj && tj[2] > k.near) {
      const s = screen(k, tj);
      ctx.fillStyle = TRAIL;
      ctx.beginPath();
      ctx.arc(s[0], s[1], Math.max(3, radius * 1.6 * k.focal / tj[2]), 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  function drawLabels(c, rect, t, dpr) {
    const pad = 10 * dpr;
    ctx.textBaseline = 'top';
    ctx.fillStyle = c.color;
    ctx.fillRect(rect.x + pad, rect.y + pad + 3 * dpr, 10 * dpr, 10 * dpr);
    ctx.fillStyle = '#f2f4f8';
    ctx.font = '600 ' + (15 * dpr) + 'px system-ui, "DejaVu Sans", sans-serif';
    ctx.fillText(c.name, rect.x + pad + 16 * dpr, rect.y + pad);
    ctx.fillStyle = 'rgba(220,226,236,0.75)';
    ctx.font = (12 * dpr) + 'px system-ui, "DejaVu Sans", sans-serif';
    const f = Math.round(frameOf(c, t)) * c.step;
    ctx.fillText(c.detail, rect.x + pad, rect.y + pad + 20 * dpr);
    ctx.fillText('frame ' + f + ' · ' + clipTime(c, t).toFixed(2) + ' s · trail: ' + c.joints[c.trail],
      rect.x + pad, rect.y + pad + 36 * dpr);
    if (!synced) {
      // This clip's own timeline.
      const x0 = rect.x + pad, x1 = rect.x + rect.w - pad, y = rect.y + rect.h - pad - 4 * dpr;
      ctx.fillStyle = 'rgba(255,255,255,0.18)';
      ctx.fillRect(x0, y, x1 - x0, 4 * dpr);
      const frac = c.duration > 0 ? clipTime(c, t) / c.duration : 0;
      ctx.fillStyle = c.color;
      ctx.fillRect(x0, y, (x1 - x0) * frac, 4 * dpr);
      ctx.fillStyle = '#ffb020';
      for (const s of c.seams) {
        if (c.duration > 0) ctx.fillRect(x0 + (x1 - x0) * s / c.duration - dpr, y - 3 * dpr, 2 * dpr, 10 * dpr);
      }
    }
  }

  function render() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, '#1d2431');
    g.addColorStop(1, '#10141b');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    const rects = layout(w, h);
    clips.forEach(function (c, i) {
      const rect = rects[i];
      const pose = sample(c, time, c.pose);
      const k = camera(c, rect, pose, dpr);
      ctx.save();
      ctx.beginPath();
      ctx.rect(rect.x, rect.y, rect.w, rect.h);
      ctx.clip();
      drawGrid(c, k);
      drawSkeleton(c, k, pose);
      drawTrail(c, k, time);
      drawLabels(c, rect, time, dpr);
      ctx.restore();
      if (rect.x > 0) {
        ctx.fillStyle = '#2c3444';
        ctx.fillRect(rect.x - dpr, rect.y, 2 * dpr, rect.h);
      }
      if (rect.y > 0) {
        ctx.fillStyle = '#2c3444';
        ctx.fillRect(rect.x, rect.y - dpr, rect.w, 2 * dpr);
      }
    });
    scrub.value = String(time);
    clock.textContent = time.toFixed(2) + ' / ' + duration.toFixed(2) + ' s' + (speed !== 1 ? '  (' + speed + '×)' : '');
    playButton.textContent = playing ? 'Pause' : 'Play';
    renders++;
    dirty = false;
  }

  // For follow off: each clip is framed where it starts.
  clips.forEach(function (c) { c.min0x = c.pos[0] || 0; c.min0z = c.pos[2] || 0; });

  function tick(now) {
    if (last !== null && playing && duration > 0) {
      time += Math.min((now - last) / 1000, 0.1) * speed;
      if (time > duration) time = 0;
      dirty = true;
    }
    last = now;
    if (dirty) render();
    requestAnimationFrame(tick);
  }

  function seek(t) {
    time = Math.min(Math.max(Number(t) || 0, 0), duration);
    render();
  }
  function setPlaying(on) { playing = on; dirty = true; }
  function setSpeed(s) {
    speed = s;
    document.querySelectorAll('#speeds button').forEach(function (b) {
      b.classList.toggle('on', Number(b.dataset.speed) === s);
    });
    dirty = true;
  }
  function step(frames) {
    const dt = clips.reduce(function (d, c) { return Math.min(d, c.dt); }, Infinity);
    setPlaying(false);
    seek(time + frames * (isFinite(dt) ? dt : 0));
  }

  playButton.addEventListener('click', function () { setPlaying(!playing); });
  document.querySelectorAll('#speeds button').forEach(function (b) {
    b.addEventListener('click', function () { setSpeed(Number(b.dataset.speed)); });
  });
  scrub.addEventListener('input', function () { setPlaying(false); seek(scrub.value); });
  document.getElementById('follow').addEventListener('change', function (e) {
    follow = e.target.checked;
    dirty = true;
  });
  let drag = null;
  canvas.addEventListener('pointerdown', function (e) {
    drag = [e.clientX, e.clientY];
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', function (e) {
    if (!drag) return;
    cam.yaw -= (e.clientX - drag[0]) * 0.008;
    cam.pitch = Math.min(1.45, Math.max(-0.05, cam.pitch + (e.clientY - drag[1]) * 0.006));
    drag = [e.clientX, e.clientY];
    dirty = true;
  });
  canvas.addEventListener('pointerup', function () { drag = null; });
  canvas.addEventListener('wheel', function (e) {
    e.preventDefault();
    cam.zoom = Math.min(6, Math.max(0.3, cam.zoom * Math.exp(e.deltaY * 0.001)));
    dirty = true;
  }, { passive: false });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.key === ' ') { e.preventDefault(); setPlaying(!playing); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); step(1); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1); }
    else if (e.key === 's' || e.key === 'S') setSpeed(speed === 1 ? 0.25 : 1);
  });
  window.addEventListener('resize', function () { dirty = true; });

  // The test hook: deterministic scrubbing and the state the tests check.
  window.hookeViewer = {
    ready: true,
    synced: synced,
    duration: duration,
    clips: clips.map(function (c) {
      return { name: c.name, joints: c.n, frames: c.frames, frameTime: c.dt, seams: c.seams.slice() };
    }),
    get time() { return time; },
    get playing() { return playing; },
    get speed() { return speed; },
    get renders() { return renders; },
    frame: function (i) { return Math.round(frameOf(clips[i || 0], time)); },
    pose: function (i) { return Array.from(sample(clips[i || 0], time, new Float32Array(3 * clips[i || 0].n))); },
    seek: seek,
    play: function () { setPlaying(true); },
    pause: function () { setPlaying(false); render(); },
    setSpeed: setSpeed,
    orbit: function (yaw, pitch) { cam.yaw = yaw; cam.pitch = pitch; render(); },
  };
  render();
  requestAnimationFrame(tick);
})();
