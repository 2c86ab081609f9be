import type { Party, SourceLocation } from '../../ledger/index.js';
import type { Random } from '../random.js';

const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Radia',
  'Ken',
];
export const nouns = [
  'Harbor',
  'Summit',
  'Cedar',
  'Pioneer',
  'Atlas',
  'Beacon',
  'Orchard',
  'Granite',
  'Meridian',
  'Willow',
];
const trades = [
  'Bakery',
  'Logistics',
  'Studio',
  'Dental',
  'Builders',
  'Cafe',
  'Analytics',
  'Florist',
  'Garage',
  'Farms',
];

/** A customer or vendor with a contact person and a billing address. */
export function partyOf(key: string, name: string, source: SourceLocation, random: Random): Party {
  const first = random.pick(firstNames);
  return {
    key,
    name,
    email: `${first.toLowerCase()}@${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
    phone: `555-${String(random.int(1000, 9999))}`,
    contactPerson: { firstName: first, lastName: random.pick(nouns) },
    billingAddress: {
      street: `${random.int(1, 999)} Main St`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
    active: true,
    source,
  };
}

/** A made-up business name; `salt` keeps names apart. */
export function companyName(random: Random, salt: number): string {
  return `${random.pick(nouns)} ${random.pick(trades)} ${salt + 1}`;
}
