import { centsOf, formatCents } from '../../money/index.js';
import { emptySettlements, type Settlements } from '../accounting/conversion.js';

/** Settlements of a document as decimal text: the off-heap map keeps no bigint. */
export type SettledText = Record<keyof Settlements, string>;

export function settledOf(text: SettledText | undefined): Settlements {
  if (!text) return emptySettlements();
  return {
    beforeCutover: centsOf(text.beforeCutover),
    fromCutover: centsOf(text.fromCutover),
    afterEnd: centsOf(text.afterEnd),
  };
}

export function settledText(settled: Settlements): SettledText {
  return {
    beforeCutover: formatCents(settled.beforeCutover),
    fromCutover: formatCents(settled.fromCutover),
    afterEnd: formatCents(settled.afterEnd),
  };
}
