// Writes the independent fixtures of hooke-gltf's tests with glTF-Transform (not hooke's
// writer): ../fixtures/transform.glb and ../fixtures/transform.gltf + transform.bin.
// Run from this folder after `npm ci`: node make-fixtures.mjs
//
// The rig: Armature (a plain node at x = 10) > Root > Spine > Head, and Spine > Tail.
// Animation "modes" (keys at 0, 1, 2 s), one interpolation per channel:
//   Root translation LINEAR (0,0,0) -> (1,2,3) -> (1,2,3)
//   Spine rotation STEP identity -> 90° about z -> 90° about z
//   Head rotation CUBICSPLINE over 0..2 s, zero tangents, identity -> 90° about x
//   Tail: no channel (keeps its rest rotation, 30° about y)
// Animation "wave": a morph-target weights channel (ignored by hooke with a warning) and a
// LINEAR rotation of Root. A second skin, "head-only", holds the Head alone.
import { Document, NodeIO } from '@gltf-transform/core';

const s = Math.SQRT1_2;
const doc = new Document();
const buffer = doc.createBuffer('data').setURI('transform.bin');
const scene = doc.createScene('scene');
const armature = doc.createNode('Armature').setTranslation([10, 0, 0]);
const root = doc.createNode('Root').setTranslation([0, 1, 0]);
const spine = doc.createNode('Spine').setTranslation([0, 0.5, 0]);
const head = doc.createNode('Head').setTranslation([0, 0.25, 0]);
const tail = doc.createNode('Tail').setTranslation([0, 0, -0.5])
  .setRotation([0, Math.sin(Math.PI / 12), 0, Math.cos(Math.PI / 12)]);
scene.addChild(armature);
armature.addChild(root);
root.addChild(spine);
spine.addChild(head);
spine.addChild(tail);
doc.createSkin('body').addJoint(root).addJoint(spine).addJoint(head).addJoint(tail);
doc.createSkin('head-only').addJoint(head);

const acc = (type, values) =>
  doc.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
const channel = (anim, node, path, interpolation, input, output) => {
  const sampler = doc.createAnimationSampler().setInput(input).setOutput(output)
    .setInterpolation(interpolation);
  anim.addSampler(sampler);
  anim.addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path)
    .setSampler(sampler));
};

const modes = doc.createAnimation('modes');
const t3 = acc('SCALAR', [0, 1, 2]);
channel(modes, root, 'translation', 'LINEAR', t3, acc('VEC3', [0, 0, 0, 1, 2, 3, 1, 2, 3]));
channel(modes, spine, 'rotation', 'STEP', t3,
  acc('VEC4', [0, 0, 0, 1, 0, 0, s, s, 0, 0, s, s]));
// Cubic: per key in-tangent, value, out-tangent.
channel(modes, head, 'rotation', 'CUBICSPLINE', acc('SCALAR', [0, 2]),
  acc('VEC4', [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, s, 0, 0, s, 0, 0, 0, 0]));

const wave = doc.createAnimation('wave');
const t2 = acc('SCALAR', [0, 0.5]);
channel(wave, root, 'weights', 'LINEAR', t2, acc('SCALAR', [0, 1]));
channel(wave, root, 'rotation', 'LINEAR', t2, acc('VEC4', [0, 0, 0, 1, 0, s, 0, s]));

const io = new NodeIO();
await io.write('../fixtures/transform.gltf', doc);
await io.write('../fixtures/transform.glb', doc);
console.log('wrote ../fixtures/transform.gltf, transform.bin and transform.glb');
