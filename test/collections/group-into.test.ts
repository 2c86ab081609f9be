import { describe, expect, it } from 'vitest';
import { groupInto } from '../../src/collections/group-into.js';

describe('groupInto', () => {
  it('groups values under their keys in arrival order, appending to the same list', () => {
    const groups = new Map<string, number[]>();
    groupInto(groups, '2024-01', 1);
    const january = groups.get('2024-01');
    groupInto(groups, '2024-02', 2);
    groupInto(groups, '2024-01', 3);
    expect([...groups]).toEqual([
      ['2024-01', [1, 3]],
      ['2024-02', [2]],
    ]);
    expect(groups.get('2024-01')).toBe(january);
  });
});
