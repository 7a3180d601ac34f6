// Contacts as CSV: the customer by number (a contact stays with its customer), name, e-mail, phone.
import { contactPaths } from '../../api/endpoints/contacts.js';
import { bools, ID, NAME, ref, texts, type CsvMap } from '../pipeline/map.js';

export const contactsCsv: CsvMap = {
  group: 'contacts',
  noun: 'contact',
  paths: contactPaths,
  fetch: 'all',
  columns: [
    ID,
    ref('customer', 'customer_id', 'customer', { readOnly: 'a contact stays with its customer' }),
    NAME,
    ...texts('email', 'phone', 'greeting'),
    ...bools('is_primary', 'archived'),
  ],
  noCreate: 'contacts are made with their customer (acct customers create --contact-name)',
};
