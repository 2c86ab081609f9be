import { centsOf, formatCents } from '../../money/index.js';
import type { BankTransaction } from '../../ledger/index.js';
import { END } from './generate-chart-of-accounts.js';
import { at, post, type Generation } from './generation.js';
import { nouns } from './names.js';

/** Card payments and deposits on the two bank accounts, categorised to an income or expense. */
export function makeBankTransactions(generation: Generation, count: number): BankTransaction[] {
  const { random, rows: row } = generation;
  const bank: BankTransaction[] = [];
  for (let i = 0; i < count; i += 1) {
    const outgoing = random.chance(0.85);
    const amount = BigInt(random.int(500, outgoing ? 250_000 : 400_000));
    const category = outgoing ? random.pick(['6000', '6100', '6200', '6300', '6400']) : '4100';
    const line: BankTransaction = {
      key: `BT-${String(i + 1).padStart(6, '0')}`,
      bankAccountKey: random.chance(0.9) ? '1000' : '1010',
      date: random.dateBetween('2026-01-02', END),
      amount: formatCents(outgoing ? -amount : amount),
      description: outgoing
        ? `Card payment ${random.pick(nouns)}`
        : `Deposit ${random.pick(nouns)}`,
      reference: `T${random.int(100000, 999999)}`,
      categoryAccountKey: category,
      source: at('bank_transactions.csv', row.bank++),
    };
    bank.push(line);
    post(generation, line.bankAccountKey, centsOf(line.amount));
    post(generation, category, -centsOf(line.amount));
  }
  return bank;
}
