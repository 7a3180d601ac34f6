// A resource's command group described as data: its columns, filters and body fields. Declaring the
// commands from a spec is cheap; the runner that acts on it loads only when a verb runs.
import type { Command } from 'commander';
import type { Column } from '../../output/types.js';
import type { RefKind } from '../refs.js';

export type FieldType = 'string' | 'int' | 'decimal' | 'bool' | 'date' | 'enum' | 'json' | 'ids';

export interface BodyField {
  /** flag name without dashes, e.g. 'name' → --name <value> */
  flag: string;
  /** key in the request body */
  key: string;
  type: FieldType;
  description: string;
  choices?: readonly string[];
  /** required on create: asked on a TTY, else a usage error */
  required?: boolean;
  /** bool fields: also offer --no-<flag> */
  negatable?: boolean;
  /** the value is a reference resolved to an id before sending (account number, customer name …) */
  ref?: RefKind;
}

export interface FilterFlag {
  flag: string;
  /** query parameter, e.g. 'filter[name]' */
  param: string;
  type: FieldType;
  description: string;
  choices?: readonly string[];
  /** the value is a reference resolved to an id before sending */
  ref?: RefKind;
}

export type Verb = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface ResourceSpec {
  /** command group, e.g. 'tags' */
  group: string;
  /** singular noun for messages, e.g. 'tag' */
  noun: string;
  /** the path below /companies/{company}, e.g. 'tags' */
  path: string;
  verbs: readonly Verb[];
  columns: Column[];
  filters?: FilterFlag[];
  fields?: BodyField[];
  /** the API's update wants every required field: fetch the record and merge the flags into it */
  mergeOnUpdate?: boolean;
  /** a reference that is not a number is looked up through this list filter (exact match on `nameKey`) */
  lookup?: { param: string; nameKey: string };
  /** positional references resolve like reference flags of this kind (accounts by number, customers by number or name) */
  refKind?: RefKind;
  /** default per_page of the API for this list */
  defaultPerPage?: number;
  examples: Partial<Record<Verb | BulkVerb, string[]>>;
  /** the API's /multiple endpoints, offered as archive, unarchive and bulk-delete */
  bulk?: {
    /** PUT {ids, archived} (customers, services) or POST {ids, archive} (projects, contacts) */
    archive?: { method: 'PUT' | 'POST'; key: 'archived' | 'archive' };
    delete?: boolean;
    /** why the API keeps some records on a bulk delete, for the message naming them */
    keptBecause?: string;
  };
  /** the group's verbs beyond the generic ones; declared cheaply, their modules load on use */
  extend?: (group: Command) => void;
}

export type BulkVerb = 'archive' | 'unarchive' | 'bulk-delete';
