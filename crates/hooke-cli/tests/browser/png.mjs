// A small PNG decoder (8-bit RGB/RGBA, not interlaced: what Chromium's screenshots are), so the
// tests can look at the pixels of a screenshot without another dependency.
import { inflateSync } from 'node:zlib';

export function decodePng(buffer) {
  const signature = '89504e470d0a1a0a';
  if (buffer.subarray(0, 8).toString('hex') !== signature) throw new Error('not a PNG');
  let offset = 8;
  let width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      [depth, colour] = [body[8], body[9]];
      interlace = body[12];
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const channels = { 2: 3, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? line[x - channels] : 0;
      const b = prev[x];
      const c = x >= channels ? prev[x - channels] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + add) & 255;
    }
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 4; k++) {
        out[(y * width + x) * 4 + k] = k < channels ? line[x * channels + k] : 255;
      }
    }
    prev = line;
  }
  return { width, height, rgba: out };
}

// Pixel statistics of a decoded image: distinct colours (5 bits per channel) and the fraction
// of pixels that differ from the most common colour.
export function stats(image) {
  const counts = new Map();
  const n = image.width * image.height;
  for (let i = 0; i < n; i++) {
    const key = ((image.rgba[4 * i] >> 3) << 10) | ((image.rgba[4 * i + 1] >> 3) << 5) | (image.rgba[4 * i + 2] >> 3);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const top = Math.max(...counts.values());
  return { colours: counts.size, notBackground: 1 - top / n };
}

// The fraction of pixels of two images of the same size that differ by more than 24 in a channel.
export function difference(a, b) {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(a.rgba[4 * i + k] - b.rgba[4 * i + k]) > 24) {
        changed++;
        break;
      }
    }
  }
  return changed / n;
}
