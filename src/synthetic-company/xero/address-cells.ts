import type { Party } from '../../ledger/index.js';
import type { Row } from './csv-file.js';

/** A party's billing address in Xero's postal (PO) columns and its shipping address in SA. */
export function addressCells(party: Party | undefined): Row {
  const address = party?.billingAddress;
  const shipping = party?.shippingAddress;
  return {
    POAddressLine1: address?.street,
    POCity: address?.city,
    PORegion: address?.state,
    POPostalCode: address?.zipCode,
    POCountry: address?.country,
    SAAddressLine1: shipping?.street,
    SACity: shipping?.city,
    SARegion: shipping?.state,
    SAPostalCode: shipping?.zipCode,
    SACountry: shipping?.country,
  };
}
