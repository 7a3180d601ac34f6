// The part of zod the service's schemas use, as one module that validation.ts loads on demand
// (loadZod). It names what it takes rather than handing on zod's namespace: a dynamic import of 'zod'
// itself would make every export live, and the bundle would keep all of zod (every locale, JSON schema).
// A name missing here is a type error where `z.name` is used (validation.ts types `z` by this module).
export {
  NEVER,
  array,
  boolean,
  custom,
  email,
  enum,
  int,
  literal,
  number,
  object,
  preprocess,
  string,
  union,
  unknown,
  url,
} from 'zod';
