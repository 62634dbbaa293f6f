/**
 * Every test file that runs in a DOM: whatever a test rendered is unmounted after it, so no
 * live query or React work is left to run once the file's environment is torn down (a
 * leftover render made Vitest report "window is not defined" after a file had passed).
 * Files that clear their database after each test also call cleanup() first, themselves.
 */
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
