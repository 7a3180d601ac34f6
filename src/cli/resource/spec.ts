// A resource's command group described as data: its columns, filters and body fields. Declaring the
// commands from a spec is cheap; the runner that acts on it loads only when a verb runs.
import type { Command, Option } from 'commander';
import type { Column } from '../../output/types.js';
import type { RefKind } from '../refs.js';
import type { Action } from '../verb.js';

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
  /** required on create unless the field of this body key is given (the API's required_without) */
  requiredUnless?: string;
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
  /** bool filters: also offer --no-<flag> (declared after the filters) with this help */
  negation?: string;
}

export type Verb = 'list' | 'get' | 'create' | 'update' | 'delete';

/** The paths the generic verbs use; `multiple` serves archive, unarchive and bulk-delete. */
export interface ResourcePaths {
  list(company: number): string;
  one(company: number, id: number): string;
  multiple?(company: number): string;
}

export interface ResourceSpec {
  /** command group, e.g. 'tags' */
  group: string;
  /** singular noun for messages, e.g. 'tag' */
  noun: string;
  /** the resource's paths, from src/api/endpoints (e.g. tagPaths) */
  paths: ResourcePaths;
  verbs: readonly Verb[];
  columns: Column[];
  filters?: FilterFlag[];
  fields?: BodyField[];
  /** the API's update wants every required field: fetch the record and merge the flags into it */
  mergeOnUpdate?: boolean;
  /** a reference that is not a number is looked up through this list filter (exact match on `nameKey`) */
  lookup?: { param: string; nameKey: string };
  /**
   * positional references resolve like reference flags of this kind (accounts by number, customers by number or name)
   */
  refKind?: RefKind;
  /** default per_page of the API for this list */
  defaultPerPage?: number;
  examples: Partial<Record<Verb | BulkVerb, string[]>>;
  /** the API's /multiple endpoints (paths.multiple), offered as archive, unarchive and bulk-delete */
  bulk?: {
    /** PUT {ids, archived} (customers, services) or POST {ids, archive} (projects, contacts) */
    archive?: { method: 'PUT' | 'POST'; key: 'archived' | 'archive' };
    delete?: boolean;
    /** why the API keeps some records on a bulk delete, for the message naming them */
    keptBecause?: string;
  };
  /** how generated verbs differ from the generic ones */
  setup?: Partial<Record<Verb, VerbSetup>>;
  /** the group's verbs beyond the generic ones; declared cheaply, their modules load on use */
  extend?: (group: Command) => void;
}

/** What one generated verb adds to or replaces in the generic one. */
export interface VerbSetup {
  /** instead of the generated description */
  description?: string;
  /** options beyond the spec's filters or body fields, declared after them */
  options?: Option[];
  /** declared options left out of the help, e.g. ['--page'] where the endpoint does not page */
  hidden?: string[];
  /** checks or rewrites of the flags before the action runs */
  preAction?: (cmd: Command) => void;
  /** relations the generic list or get embeds (include=…); an --include option of get replaces them */
  include?: string;
  /** the columns of this verb's output, where they differ from the spec's (get shows more) */
  columns?: Column[];
  /** help text after the examples */
  help?: string;
  /** the verb's own module instead of the generic runner, e.g. lazy(() => import('./list.js')) */
  action?: Action;
  /** get, update, delete: the verb takes several references (`<id...>`), for the verb's own module */
  variadic?: boolean;
}

export type BulkVerb = 'archive' | 'unarchive' | 'bulk-delete';
