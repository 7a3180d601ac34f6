// Numbered schema migrations; index + 1 is the version recorded in PRAGMA user_version.
// Money columns hold integer Rappen; percentages hold hundredths of a percent (8.1 % → 810).

export const MIGRATIONS: string[] = [
  // 1: users, tokens, companies, memberships, account categories, accounts, tax rates, tags
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE,
    name TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE companies (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL DEFAULT 'standard',
    subscription_expired INTEGER NOT NULL DEFAULT 0,
    services_active INTEGER NOT NULL DEFAULT 1,
    vat_accrual_method_active INTEGER NOT NULL DEFAULT 0,
    payment_term INTEGER NOT NULL DEFAULT 30,
    revenue_cap INTEGER,
    closed_until TEXT,
    creditor_name TEXT, creditor_street TEXT, creditor_building TEXT,
    creditor_zip TEXT, creditor_city TEXT, creditor_country TEXT NOT NULL DEFAULT 'CH',
    timezone TEXT NOT NULL DEFAULT 'Europe/Zurich',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE company_user (
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'user')),
    PRIMARY KEY (company_id, user_id)
  );
  CREATE TABLE account_categories (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    type TEXT NOT NULL UNIQUE
  );
  INSERT INTO account_categories (id, name, type) VALUES
    (1, 'Bankkonten', 'bank'), (2, 'Abschreibungen', 'deprecations'), (3, 'Aktiven', 'assets'),
    (4, 'Passiven', 'liabilities'), (5, 'Ertrag', 'income'), (6, 'Aufwand', 'expense');
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    account_category_id INTEGER NOT NULL REFERENCES account_categories(id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    currency TEXT NOT NULL DEFAULT 'CHF',
    iban TEXT,
    is_primary_bank_account INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (company_id, number)
  );
  CREATE TABLE tax_rates (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    acquisition_account_id INTEGER REFERENCES accounts(id),
    field_number INTEGER,
    name TEXT NOT NULL,
    name_en TEXT, name_fr TEXT, name_it TEXT,
    name_on_documents TEXT NOT NULL,
    rate INTEGER NOT NULL DEFAULT 0,
    saldo_rate INTEGER,
    calculation_method TEXT NOT NULL DEFAULT 'net',
    is_acquisition_tax INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX tax_rates_company ON tax_rates(company_id);
  CREATE TABLE tags (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    color TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (company_id, name)
  );
  `,
];
