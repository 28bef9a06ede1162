// The matrices' colour ramps are d3's: the spline written in views/matrix/colour.js gives, at
// every one of 20,001 points of [0, 1] and beyond both ends, the colour d3-interpolate's
// interpolateRgbBasis gives through the same ColorBrewer colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interpolateRgbBasis } from 'd3-interpolate';
import { BLUES, PUOR, ramp } from '../../web/page/views/matrix/colour.js';

const POINTS = 20000;

for (const [name, hex] of Object.entries({ PuOr: PUOR, Blues: BLUES }))
  test(`the ${name} ramp is d3's, colour for colour`, () => {
    const ours = ramp(hex);
    const d3 = interpolateRgbBasis(hex.match(/.{6}/g).map((c) => `#${c}`));
    const ts = [-0.5, -1e-9, ...Array.from({ length: POINTS + 1 }, (_, i) => i / POINTS), 1 + 1e-9, 2];
    const differ = ts.filter((t) => ours(t) !== d3(t));
    assert.deepEqual(differ, [], `first difference at t = ${differ[0]}: ${ours(differ[0])} vs ${d3(differ[0])}`);
    assert.equal(ours(0), d3(0));
    assert.match(ours(0.5), /^rgb\(\d+, \d+, \d+\)$/);
  });
