import { describe, expect, it } from 'vitest';
import { RequestWindow } from '../../src/partner-api/request-window.js';

/** A clock that only moves when the window waits, and a record of when each request went. */
function fakeTime() {
  let now = 0;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: (ms: number) => {
      now += Math.max(0, ms);
      return Promise.resolve();
    },
  };
}

/** The most requests any window of `windowMs` holds, by the API's count (sliding, arrival time). */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (const [i, start] of times.entries()) {
    const inWindow = times.slice(i).filter((t) => t < start + windowMs).length;
    most = Math.max(most, inWindow);
  }
  return most;
}

describe('the request window', () => {
  it('lets a burst through only up to the limit, then one request as each leaves the window', async () => {
    const time = fakeTime();
    const window = new RequestWindow({ requests: 100, windowMs: 30_000 }, time);
    const sent: number[] = [];
    // 130 requests as fast as they come, each answered after 20 ms.
    for (let n = 0; n < 130; n += 1) {
      const answered = await window.enter();
      sent.push(time.now());
      time.advance(20);
      answered();
    }
    expect(busiestWindow(sent, 30_000)).toBe(100);
    // The 101st waits until the first request's answer is a window old.
    expect(sent[100]).toBe(20 + 30_000 + 1);
  });

  it('counts a request from its send until a window after its answer, whenever the API saw it', async () => {
    const time = fakeTime();
    const window = new RequestWindow({ requests: 2, windowMs: 1_000 }, time);
    const first = await window.enter();
    time.advance(500); // the API may have counted it as late as its answer
    first();
    const second = await window.enter();
    second();
    expect(window.counted()).toBe(2);
    await window.enter();
    expect(time.now()).toBe(1_501);
  });

  it('keeps a steady pace just under the limit whole, and trims the burst a paused queue sends', async () => {
    const time = fakeTime();
    const window = new RequestWindow({ requests: 100, windowMs: 30_000 }, time);
    // The server's pace (0.99 of 100 per 30 s) with its token bucket: after a 2 s pause, the 4
    // tasks it saved (ceil of 3.3 a second) go at once, then the pace resumes.
    const pace = (100 / 30_000) * 0.99;
    const due: number[] = [];
    for (let n = 0, at = 0; n < 400; n += 1) {
      if (n === 200) at += 2_000;
      if (n < 200 || n >= 203) at += 1 / pace;
      due.push(at);
    }
    expect(busiestWindow(due, 30_000)).toBeGreaterThan(100);

    const sent: number[] = [];
    for (const at of due) {
      time.advance(Math.max(0, at - time.now()));
      const answered = await window.enter();
      sent.push(time.now());
      time.advance(10);
      answered();
    }
    expect(busiestWindow(sent, 30_000)).toBeLessThanOrEqual(100);
    // Budget use after the first window: requests per window, over the limit.
    const afterFirst = sent.filter((t) => t >= 30_000);
    const measuredMs = (sent.at(-1) ?? 0) - 30_000;
    expect((afterFirst.length / measuredMs) * 30_000).toBeGreaterThanOrEqual(97);
  });

  it('wakes a request waiting on requests in flight when one is answered', async () => {
    const time = fakeTime();
    const window = new RequestWindow({ requests: 1, windowMs: 1_000 }, time);
    const first = await window.enter();
    let secondWent = false;
    const second = window.enter().then((answered) => {
      secondWent = true;
      return answered;
    });
    await Promise.resolve();
    expect(secondWent).toBe(false);
    first();
    (await second)();
    expect(secondWent).toBe(true);
    expect(time.now()).toBe(1_001);
  });

  it('refuses a limit that admits nothing', () => {
    const time = fakeTime();
    expect(() => new RequestWindow({ requests: 0, windowMs: 1_000 }, time)).toThrow(/limit/);
  });
});
