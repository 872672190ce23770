// Each journey file's dates agree with the built server's clock (global-setup.ts): with
// TEST_CLOCK_START, both start at the same real instant.
import { inject } from 'vitest';
import { anchorTestClock } from '../setup/test-clock';

anchorTestClock(inject('testClockAnchor'));
