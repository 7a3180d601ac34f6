// A contact person as the API shows it, with its customer where asked for.
import type { ContactRow } from '../store/contacts.js';
import type { Db } from '../store/db.js';
import { customerRow } from '../store/customers.js';

export interface ContactCustomer {
  id: number;
  name: string;
  number: number | null;
  email: string | null;
}

export interface Contact {
  id: number;
  company_id: number;
  customer_id: number;
  user_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  greeting: string | null;
  is_primary: boolean;
  archived: boolean;
  created_at: string;
  updated_at: string;
  customer?: ContactCustomer;
}

export const toContact = (r: ContactRow): Contact => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  customer_id: Number(r.customer_id),
  user_id: Number(r.user_id),
  name: r.name,
  email: r.email,
  phone: r.phone,
  greeting: r.greeting,
  is_primary: Number(r.is_primary) === 1,
  archived: Number(r.archived) === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The contact with its customer (id, name, number, email) embedded. */
export function withCustomer(db: Db, contact: Contact): Contact {
  const c = customerRow(db, contact.company_id, contact.customer_id)!;
  return {
    ...contact,
    customer: { id: Number(c.id), name: c.name, number: c.number === null ? null : Number(c.number), email: c.email },
  };
}
