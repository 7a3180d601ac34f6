// Contacts as CSV: the customer by number (a contact stays with its customer), name, e-mail, phone.
import { contactPaths } from '../../api/endpoints/contacts.js';
import type { CsvMap } from '../pipeline/map.js';

export const contactsCsv: CsvMap = {
  group: 'contacts',
  noun: 'contact',
  paths: contactPaths,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'customer', key: 'customer_id', type: 'ref', ref: 'customer', readOnly: 'a contact stays with its customer' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'email', key: 'email', type: 'text' },
    { name: 'phone', key: 'phone', type: 'text' },
    { name: 'greeting', key: 'greeting', type: 'text' },
    { name: 'is_primary', key: 'is_primary', type: 'bool' },
    { name: 'archived', key: 'archived', type: 'bool' },
  ],
  noCreate: 'contacts are made with their customer (acct customers create --contact-name)',
};
