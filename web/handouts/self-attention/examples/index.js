// Every worked example, in the handout's order.
import { blockExample } from './block.js';
import { encoderDecoderExample } from './encoder-decoder.js';
import { fusedExample, paramCountExample, twoHeadsExample } from './heads.js';
import { checksExample, einsumExample } from './lab.js';
import { attentionCodeExample, blockCodeExample } from './nanogpt.js';
import { headExample, orderExample } from './positions.js';
import { generationExample, leakExample, teacherForcingExample, traceExample } from './prediction.js';
import { retrievalExample, routingExample } from './retrieval.js';
import { tutorialExample } from './tutorial.js';
import { batchExample, scalingExample } from './scaling.js';

export const examples = [
  retrievalExample,
  routingExample,
  scalingExample,
  batchExample,
  paramCountExample,
  twoHeadsExample,
  fusedExample,
  blockExample,
  headExample,
  orderExample,
  generationExample,
  teacherForcingExample,
  leakExample,
  traceExample,
  checksExample,
  einsumExample,
  attentionCodeExample,
  blockCodeExample,
  tutorialExample,
  encoderDecoderExample,
];
