import { describe, expect, it } from 'vitest';
import { BufferedAppender } from '../../src/collections/buffered-appender.js';

describe('BufferedAppender', () => {
  it('writes full batches as they fill, the rest on flush, in the order added', async () => {
    const writes: number[][] = [];
    const appender = new BufferedAppender<number>(3, (batch) => {
      writes.push(batch);
      return Promise.resolve();
    });
    for (let n = 1; n <= 7; n += 1) await appender.add(n);
    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await appender.flush();
    await appender.flush();
    expect(writes).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(appender.count).toBe(7);
  });

  it('writes nothing when nothing was added', async () => {
    let writes = 0;
    const appender = new BufferedAppender<string>(2, () => {
      writes += 1;
      return Promise.resolve();
    });
    await appender.flush();
    expect(writes).toBe(0);
    expect(appender.count).toBe(0);
  });
});
