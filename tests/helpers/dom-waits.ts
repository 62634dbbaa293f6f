/**
 * Every test file: Testing Library's findBy and waitFor wait up to 5 s for their condition
 * (default 1 s). They return as soon as it holds; the longer bound only keeps a loaded
 * 2-core machine (a first render that imports a screen's lazy parts) from failing a test
 * whose condition does come. No test waits a fixed time.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
