// Numbered schema migrations; index + 1 is the version recorded in PRAGMA user_version.
// Money columns hold integer Rappen; percentages hold hundredths of a percent (8.1 % → 810).

export const MIGRATIONS: string[] = [
  // 1: users, tokens, companies, memberships, account categories, accounts, tax rates, tags
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    hash TEXT NOT NULL UNIQUE,
    name TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE companies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    type TEXT NOT NULL UNIQUE
  );
  INSERT INTO account_categories (id, name, type) VALUES
    (1, 'Bankkonten', 'bank'), (2, 'Abschreibungen', 'deprecations'), (3, 'Aktiven', 'assets'),
    (4, 'Passiven', 'liabilities'), (5, 'Ertrag', 'income'), (6, 'Aufwand', 'expense');
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    color TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (company_id, name)
  );
  `,
  // 2: master data (services, products, customers, contacts, projects) and the records their computed
  // fields read: bookings, documents with positions, time entries, tasks, the timer, files, bank imports.
  `
  CREATE TABLE service_categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE services (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    service_category_id INTEGER REFERENCES service_categories(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    hourly_rate INTEGER,
    billable INTEGER NOT NULL DEFAULT 1,
    archived INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX services_company ON services(company_id);
  CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    description TEXT,
    price INTEGER,
    unit TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX products_company ON products(company_id);
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    number INTEGER,
    care_of TEXT, po_box TEXT, department TEXT, street TEXT, zip TEXT, city TEXT, country TEXT,
    website TEXT, phone TEXT, email TEXT,
    default_hourly_rate INTEGER,
    invoice_address TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    tax_rate_id INTEGER REFERENCES tax_rates(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX customers_company ON customers(company_id, number);
  CREATE TABLE contacts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    email TEXT, phone TEXT, greeting TEXT,
    is_primary INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX contacts_customer ON contacts(customer_id);
  CREATE TABLE projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    notes TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    budget INTEGER,
    project_type TEXT NOT NULL DEFAULT 'byHour',
    kanban_status TEXT,
    start_date TEXT, end_date TEXT,
    hourly_rate INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX projects_company ON projects(company_id, customer_id);
  CREATE TABLE files (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    mime TEXT NOT NULL,
    path TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE entry_groups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE proposals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    contact_id INTEGER REFERENCES contacts(id),
    project_id INTEGER REFERENCES projects(id),
    tax_rate_id INTEGER REFERENCES tax_rates(id),
    number TEXT NOT NULL,
    title TEXT,
    lang TEXT NOT NULL DEFAULT 'de',
    date TEXT NOT NULL,
    valid_until TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    remarks_top TEXT, remarks TEXT,
    currency TEXT NOT NULL DEFAULT 'CHF',
    discount_rate INTEGER,
    vat_included INTEGER NOT NULL DEFAULT 0,
    add_rounding_difference INTEGER NOT NULL DEFAULT 1,
    document_settings TEXT NOT NULL DEFAULT '{}',
    with_signature INTEGER NOT NULL DEFAULT 0,
    signature_remark TEXT,
    is_shared INTEGER NOT NULL DEFAULT 0,
    share_token TEXT,
    total_value INTEGER NOT NULL DEFAULT 0,
    discount_amount INTEGER NOT NULL DEFAULT 0,
    total_value_with_discount INTEGER NOT NULL DEFAULT 0,
    vat_amount INTEGER NOT NULL DEFAULT 0,
    total_value_with_vat INTEGER NOT NULL DEFAULT 0,
    rounding_difference INTEGER NOT NULL DEFAULT 0,
    final_value INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    UNIQUE (company_id, number)
  );
  CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    contact_id INTEGER REFERENCES contacts(id),
    project_id INTEGER REFERENCES projects(id),
    proposal_id INTEGER REFERENCES proposals(id) ON DELETE SET NULL,
    tax_rate_id INTEGER REFERENCES tax_rates(id),
    bank_account_id INTEGER REFERENCES accounts(id),
    income_account_id INTEGER REFERENCES accounts(id),
    entry_id INTEGER,
    receivable_entry_id INTEGER,
    number TEXT NOT NULL,
    title TEXT,
    lang TEXT NOT NULL DEFAULT 'de',
    date TEXT NOT NULL,
    payable_until TEXT NOT NULL,
    reminder_due_date TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    remarks_top TEXT, remarks TEXT,
    currency TEXT NOT NULL DEFAULT 'CHF',
    discount_rate INTEGER,
    vat_included INTEGER NOT NULL DEFAULT 0,
    add_rounding_difference INTEGER NOT NULL DEFAULT 1,
    document_settings TEXT NOT NULL DEFAULT '{}',
    is_shared INTEGER NOT NULL DEFAULT 0,
    share_token TEXT,
    reference TEXT, qr_reference TEXT,
    group_by TEXT,
    times_order TEXT NOT NULL DEFAULT 'asc',
    exchange_rate_times TEXT NOT NULL DEFAULT '1',
    exchange_rate_expenses TEXT NOT NULL DEFAULT '1',
    repeat INTEGER NOT NULL DEFAULT 0,
    repeat_interval TEXT, repeat_stop_at TEXT, repeat_notification_to TEXT,
    without_debitor_on_qr INTEGER NOT NULL DEFAULT 0,
    paid_at TEXT,
    total_value INTEGER NOT NULL DEFAULT 0,
    discount_amount INTEGER NOT NULL DEFAULT 0,
    total_value_with_discount INTEGER NOT NULL DEFAULT 0,
    vat_amount INTEGER NOT NULL DEFAULT 0,
    total_value_with_vat INTEGER NOT NULL DEFAULT 0,
    rounding_difference INTEGER NOT NULL DEFAULT 0,
    final_value INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    UNIQUE (company_id, number)
  );
  CREATE INDEX invoices_customer ON invoices(company_id, customer_id);
  CREATE INDEX invoices_project ON invoices(project_id);
  -- Positions of proposals and invoices. amount is in thousandths (1.5 → 1500); price, sum and an
  -- absolute discount in Rappen; a percentage discount in hundredths of a percent.
  CREATE TABLE positions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_type TEXT NOT NULL CHECK (document_type IN ('proposal', 'invoice')),
    document_id INTEGER NOT NULL,
    parent_id INTEGER REFERENCES positions(id) ON DELETE CASCADE,
    type TEXT NOT NULL DEFAULT 'position',
    description TEXT,
    title TEXT,
    amount INTEGER NOT NULL DEFAULT 0,
    price INTEGER NOT NULL DEFAULT 0,
    discount_amount INTEGER NOT NULL DEFAULT 0,
    discount_type TEXT,
    sum INTEGER NOT NULL DEFAULT 0,
    unit TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    date TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX positions_document ON positions(document_type, document_id);
  CREATE TABLE activities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_type TEXT NOT NULL,
    document_id INTEGER NOT NULL,
    message TEXT NOT NULL,
    color TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX activities_document ON activities(document_type, document_id);
  CREATE TABLE attachments (
    document_type TEXT NOT NULL,
    document_id INTEGER NOT NULL,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    PRIMARY KEY (document_type, document_id, file_id)
  );
  CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users(id),
    number TEXT,
    type TEXT NOT NULL,
    date TEXT NOT NULL,
    description TEXT,
    sum INTEGER NOT NULL DEFAULT 0,
    debit_account_id INTEGER NOT NULL REFERENCES accounts(id),
    credit_account_id INTEGER NOT NULL REFERENCES accounts(id),
    tax_rate_id INTEGER REFERENCES tax_rates(id),
    customer_id INTEGER REFERENCES customers(id),
    project_id INTEGER REFERENCES projects(id),
    billable INTEGER NOT NULL DEFAULT 0,
    is_imported INTEGER NOT NULL DEFAULT 0,
    is_depreciation INTEGER NOT NULL DEFAULT 0,
    entry_group_id INTEGER REFERENCES entry_groups(id) ON DELETE SET NULL,
    file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
    invoice_id INTEGER REFERENCES invoices(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX entries_company_date ON entries(company_id, date);
  CREATE INDEX entries_debit ON entries(debit_account_id);
  CREATE INDEX entries_credit ON entries(credit_account_id);
  CREATE INDEX entries_tax_rate ON entries(tax_rate_id);
  CREATE INDEX entries_customer ON entries(customer_id);
  CREATE INDEX entries_project ON entries(project_id);
  CREATE TABLE entry_tag (
    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (entry_id, tag_id)
  );
  CREATE INDEX entry_tag_tag ON entry_tag(tag_id);
  CREATE TABLE recurring_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    debit_account_id INTEGER NOT NULL REFERENCES accounts(id),
    credit_account_id INTEGER NOT NULL REFERENCES accounts(id),
    description TEXT,
    sum INTEGER NOT NULL DEFAULT 0,
    interval TEXT NOT NULL DEFAULT 'monthly',
    next_date TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    due TEXT NOT NULL,
    planned_hours INTEGER,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX tasks_project ON tasks(project_id);
  -- hourly_rate in Rappen; hours 0-23 and minutes 0-59 as the API gives them.
  CREATE TABLE time_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    project_id INTEGER NOT NULL REFERENCES projects(id),
    invoice_id INTEGER REFERENCES invoices(id) ON DELETE SET NULL,
    task_id INTEGER REFERENCES tasks(id) ON DELETE SET NULL,
    service_id INTEGER REFERENCES services(id),
    description TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL,
    start TEXT, "end" TEXT,
    hours INTEGER NOT NULL DEFAULT 0,
    minutes INTEGER NOT NULL DEFAULT 0,
    hourly_rate INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'open',
    billable INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX time_entries_company_date ON time_entries(company_id, date);
  CREATE INDEX time_entries_project ON time_entries(project_id, status);
  CREATE INDEX time_entries_invoice ON time_entries(invoice_id);
  CREATE TABLE timers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    billable INTEGER NOT NULL DEFAULT 0,
    description TEXT,
    started_at TEXT NOT NULL
  );
  CREATE TABLE import_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    bank_account_id INTEGER NOT NULL REFERENCES accounts(id),
    other_account_id INTEGER REFERENCES accounts(id),
    tax_rate_id INTEGER REFERENCES tax_rates(id),
    entry_id INTEGER REFERENCES entries(id) ON DELETE SET NULL,
    invoice_id INTEGER REFERENCES invoices(id) ON DELETE SET NULL,
    file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
    date TEXT NOT NULL,
    type TEXT NOT NULL,
    sum INTEGER NOT NULL,
    description TEXT,
    og_description TEXT,
    reference TEXT,
    bank_reference TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    ignore INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'open',
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX import_entries_company ON import_entries(company_id, status);
  `,
  // 3: bookings (entries, files, entry groups) — changes beyond migration 2: indexes for the booking list
  // (default order date, sum, tax rate descending; sort by sum), numbering (type + number), the revenue
  // cap (type + date), groups, receipts and invoices.
  `
  CREATE INDEX entries_list ON entries(company_id, date, sum, tax_rate_id, id);
  CREATE INDEX entries_company_sum ON entries(company_id, sum, date);
  CREATE INDEX entries_company_number ON entries(company_id, number);
  CREATE INDEX entries_company_type_number ON entries(company_id, type, number);
  CREATE INDEX entries_company_type_date ON entries(company_id, type, date);
  CREATE INDEX entries_company_group ON entries(company_id, entry_group_id);
  CREATE INDEX entries_file ON entries(file_id);
  CREATE INDEX entries_invoice ON entries(invoice_id);
  CREATE INDEX files_company ON files(company_id);
  CREATE INDEX entry_groups_company ON entry_groups(company_id);
  `,
  // 4: time tracking (time entries, timer, tasks) — changes beyond migration 2: indexes for the lists
  // (by user, by task) and the task list (by status and due date)
  `
  CREATE INDEX time_entries_user ON time_entries(company_id, user_id, date);
  CREATE INDEX time_entries_task ON time_entries(task_id);
  CREATE INDEX tasks_company ON tasks(company_id, status, due);
  `,
  // 5: documents (proposals, invoices, positions, activities) — beyond migration 2: the copies of a
  // recurring invoice remember their template and occurrence (so each is made once), and indexes for
  // the lists (date descending), numbering and the links of invoices.
  `
  ALTER TABLE invoices ADD COLUMN recurring_template_id INTEGER REFERENCES invoices(id) ON DELETE SET NULL;
  ALTER TABLE invoices ADD COLUMN recurring_index INTEGER;
  CREATE UNIQUE INDEX invoices_recurring ON invoices(recurring_template_id, recurring_index);
  CREATE INDEX invoices_list ON invoices(company_id, date, id);
  CREATE INDEX invoices_proposal ON invoices(proposal_id);
  CREATE INDEX proposals_list ON proposals(company_id, date, id);
  CREATE INDEX proposals_customer ON proposals(company_id, customer_id);
  CREATE INDEX positions_parent ON positions(parent_id);
  CREATE INDEX attachments_file ON attachments(file_id);
  `,
  // 6: bank import — beyond migration 2: what the file said of the counterparty (for learned rules and
  // the search), the bookkeeping's last refusal at processing, and indexes for duplicates (bank
  // reference per bank account), the queue (status, date) and the rules (counterparty).
  `
  ALTER TABLE import_entries ADD COLUMN counterparty_name TEXT;
  ALTER TABLE import_entries ADD COLUMN counterparty_iban TEXT;
  ALTER TABLE import_entries ADD COLUMN error TEXT;
  DROP INDEX import_entries_company;
  CREATE INDEX import_entries_queue ON import_entries(company_id, status, date, id);
  CREATE INDEX import_entries_bank_reference ON import_entries(company_id, bank_account_id, bank_reference);
  CREATE INDEX import_entries_file ON import_entries(file_id);
  CREATE INDEX invoices_qr_reference ON invoices(company_id, qr_reference);
  CREATE INDEX invoices_reference ON invoices(company_id, reference);
  `,
  // 7: a booking list at scale (issue 14) — indexes that give the list's order within an account
  // (bookings match on the debit or the credit account: one index each, read as a union) and within a
  // type; and a version per company that every write to its bookings or their tags raises (triggers,
  // so writes of any connection, cascades included, count), which keeps the list's remembered counts
  // and page keys exact (store/entries.ts).
  `
  CREATE INDEX entries_debit_list ON entries(company_id, debit_account_id, date, sum, tax_rate_id);
  CREATE INDEX entries_credit_list ON entries(company_id, credit_account_id, date, sum, tax_rate_id);
  DROP INDEX entries_company_type_date;
  CREATE INDEX entries_company_type_list ON entries(company_id, type, date, sum, tax_rate_id);
  CREATE TABLE entry_versions (company_id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
  CREATE TRIGGER entries_version_insert AFTER INSERT ON entries BEGIN
    INSERT INTO entry_versions (company_id, version) VALUES (NEW.company_id, 1) ON CONFLICT (company_id) DO UPDATE
    SET version = version + 1;
  END;
  CREATE TRIGGER entries_version_update AFTER UPDATE ON entries BEGIN
    INSERT INTO entry_versions (company_id, version) VALUES (OLD.company_id, 1) ON CONFLICT (company_id) DO UPDATE
    SET version = version + 1;
    INSERT INTO entry_versions (company_id, version) VALUES (NEW.company_id, 1) ON CONFLICT (company_id) DO UPDATE
    SET version = version + 1;
  END;
  CREATE TRIGGER entries_version_delete AFTER DELETE ON entries BEGIN
    INSERT INTO entry_versions (company_id, version) VALUES (OLD.company_id, 1) ON CONFLICT (company_id) DO UPDATE
    SET version = version + 1;
  END;
  CREATE TRIGGER entry_tag_version_insert AFTER INSERT ON entry_tag BEGIN
    INSERT INTO entry_versions (company_id, version) SELECT company_id, 1 FROM entries WHERE id = NEW.entry_id
    ON CONFLICT (company_id) DO UPDATE SET version = version + 1;
  END;
  CREATE TRIGGER entry_tag_version_delete AFTER DELETE ON entry_tag BEGIN
    INSERT INTO entry_versions (company_id, version) SELECT company_id, 1 FROM entries WHERE id = OLD.entry_id
    ON CONFLICT (company_id) DO UPDATE SET version = version + 1;
  END;
  `,
  // 8: balances at scale (issue 14) — GET /accounts?start&until adds the bookings up per debit account,
  // credit account and tax rate in one pass over this covering index, in its order (no sort).
  `
  CREATE INDEX entries_shape ON entries(company_id, debit_account_id, credit_account_id, tax_rate_id, date, sum);
  `,
  // 9: tokens that can be told apart, expire and be revoked (issue 21) — the first characters of the
  // plain token (tokens made before have none: they are named by id), an optional expiry, the
  // revocation and the last use (noted at most once an hour). Auth reads them on every request.
  `
  ALTER TABLE tokens ADD COLUMN prefix TEXT;
  ALTER TABLE tokens ADD COLUMN expires_at TEXT;
  ALTER TABLE tokens ADD COLUMN revoked_at TEXT;
  ALTER TABLE tokens ADD COLUMN last_used_at TEXT;
  `,
  // 10: a bank import to trust (issue 22) — the learned rule that filled an entry (the processed import
  // entry it was learned from, matched by counterparty IBAN or name), shown until the bookkeeper changes
  // the counter account; and each uploaded statement's balances per bank account, which reconciling the
  // books with the bank reads (one row per statement, an upload of the same statement again adds none).
  `
  ALTER TABLE import_entries ADD COLUMN rule_source_id INTEGER REFERENCES import_entries(id) ON DELETE SET NULL;
  ALTER TABLE import_entries ADD COLUMN rule_match TEXT;
  CREATE TABLE bank_statements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    bank_account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    statement_ref TEXT NOT NULL DEFAULT '',
    iban TEXT,
    currency TEXT NOT NULL,
    opening_balance INTEGER,
    opening_date TEXT,
    closing_balance INTEGER NOT NULL,
    closing_date TEXT NOT NULL,
    booked_until TEXT NOT NULL,
    movements INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX bank_statements_one
  ON bank_statements(company_id, bank_account_id, closing_date, closing_balance, statement_ref);
  `,
  // 11: older years book too (issue 24) — a tax rate's validity (valid_from, valid_until: the days it
  // holds, null open); today's seeded rates hold from 2024; and every company gets the rates of 2018 to
  // 2023 and of 2011 to 2017 (src/server/domain/chart.ts, EARLIER_TAX_RATES) on its accounts of those
  // numbers. A company that already has a rate of that name keeps its own; one without the account
  // (renumbered, deleted) goes without that rate.
  `
  ALTER TABLE tax_rates ADD COLUMN valid_from TEXT;
  ALTER TABLE tax_rates ADD COLUMN valid_until TEXT;
  UPDATE tax_rates SET valid_from = '2024-01-01'
   WHERE (name, rate, field_number) IN (VALUES ('MWST 8.1 %', 810, 303), ('MWST 2.6 %', 260, 313), ('MWST 3.8 %',
   380, 343),
     ('Vorsteuer 8.1 %', 810, 400), ('Vorsteuer 2.6 %', 260, 400), ('Vorsteuer Investitionen 8.1 %', 810, 405),
     ('Bezugsteuer 8.1 %', 810, 383));
  WITH seed(ord, name, rate, account, field, acquisition, valid_from, valid_until) AS (VALUES
    (1, 'MWST 7.7 %', 770, 2200, 302, NULL, '2018-01-01', '2023-12-31'),
    (2, 'MWST 2.5 %', 250, 2200, 312, NULL, '2018-01-01', '2023-12-31'),
    (3, 'MWST 3.7 %', 370, 2200, 342, NULL, '2018-01-01', '2023-12-31'),
    (4, 'Vorsteuer 7.7 %', 770, 1170, 400, NULL, '2018-01-01', '2023-12-31'),
    (5, 'Vorsteuer 2.5 %', 250, 1170, 400, NULL, '2011-01-01', '2023-12-31'),
    (6, 'Vorsteuer Investitionen 7.7 %', 770, 1171, 405, NULL, '2018-01-01', '2023-12-31'),
    (7, 'Bezugsteuer 7.7 %', 770, 2200, 382, 1170, '2018-01-01', '2023-12-31'),
    (8, 'MWST 8.0 %', 800, 2200, 301, NULL, '2011-01-01', '2017-12-31'),
    (9, 'MWST 2.5 % (bis 2017)', 250, 2200, 311, NULL, '2011-01-01', '2017-12-31'),
    (10, 'MWST 3.8 % (bis 2017)', 380, 2200, 341, NULL, '2011-01-01', '2017-12-31'),
    (11, 'Vorsteuer 8.0 %', 800, 1170, 400, NULL, '2011-01-01', '2017-12-31'),
    (12, 'Vorsteuer Investitionen 8.0 %', 800, 1171, 405, NULL, '2011-01-01', '2017-12-31'),
    (13, 'Bezugsteuer 8.0 %', 800, 2200, 381, 1170, '2011-01-01', '2017-12-31')
  ), now(at) AS (SELECT strftime('%Y-%m-%dT%H:%M:%S', 'now') || '.' || substr(strftime('%f', 'now'), 4) || '000Z')
  INSERT INTO tax_rates (company_id, account_id, acquisition_account_id, field_number, name, name_on_documents, rate,
  saldo_rate,
    calculation_method, is_acquisition_tax, archived, valid_from, valid_until, created_at, updated_at)
  SELECT c.id, a.id, q.id, s.field, s.name, s.name, s.rate, NULL, CASE WHEN s.acquisition IS NULL THEN 'net'
  ELSE 'gross' END,
    s.acquisition IS NOT NULL, 0, s.valid_from, s.valid_until, now.at, now.at
  FROM companies c CROSS JOIN seed s CROSS JOIN now
  JOIN accounts a ON a.company_id = c.id AND a.number = s.account
  LEFT JOIN accounts q ON q.company_id = c.id AND q.number = s.acquisition
  WHERE (s.acquisition IS NULL OR q.id IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM tax_rates t WHERE t.company_id = c.id AND t.name = s.name)
  ORDER BY c.id, s.ord;
  `,
  // 12: invoices as Swiss law reads them (issue 27) — the supplier's UID (eCH-0097, CHE-123.456.789,
  // stored without the suffix MWST/TVA/IVA that documents add in their language), and the company's own
  // text of each reminder level (null: the default text in the document's language).
  `
  ALTER TABLE companies ADD COLUMN vat_number TEXT;
  ALTER TABLE companies ADD COLUMN reminder_text_one TEXT;
  ALTER TABLE companies ADD COLUMN reminder_text_two TEXT;
  ALTER TABLE companies ADD COLUMN reminder_text_three TEXT;
  `,
  // 13: what a VAT return is filed with (issue 28) — the method (effective,
  // net_tax_rate, flat_tax_rate), the reporting period (quarterly, semi_annual, monthly), and the
  // approved net or flat tax rates as JSON [{rate (hundredths), activity_code}]. Null: not set yet; the
  // return then names the command that sets it. The basis is the accrual flag of migration 1.
  `
  ALTER TABLE companies ADD COLUMN vat_method TEXT;
  ALTER TABLE companies ADD COLUMN vat_period TEXT;
  ALTER TABLE companies ADD COLUMN vat_net_tax_rates TEXT;
  `,
  // 14: supplier bills (issue 25) — the bills that come in: the supplier and its structured address,
  // the creditor IBAN or QR-IBAN with the reference (QRR, SCOR or none) and message of its QR-bill, the
  // amount in its currency and the CHF booked for it, the dates, the expense account and tax rate, the
  // receipt, the status, and the bookings it made: the expense (accrual method, when entered) and the
  // payment. A booking deleted elsewhere leaves the bill without it (SET NULL).
  `
  CREATE TABLE bills (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id INTEGER,
    number TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    supplier_name TEXT NOT NULL,
    supplier_street TEXT, supplier_building TEXT,
    supplier_zip TEXT NOT NULL, supplier_city TEXT NOT NULL, supplier_country TEXT NOT NULL DEFAULT 'CH',
    iban TEXT NOT NULL,
    reference_type TEXT NOT NULL DEFAULT 'NON',
    reference TEXT,
    message TEXT,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'CHF',
    amount_chf INTEGER NOT NULL,
    bill_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    expense_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
    tax_rate_id INTEGER REFERENCES tax_rates(id) ON DELETE SET NULL,
    bank_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
    file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
    expense_entry_id INTEGER REFERENCES entries(id) ON DELETE SET NULL,
    payment_entry_id INTEGER REFERENCES entries(id) ON DELETE SET NULL,
    paid_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX bills_number ON bills(company_id, number);
  CREATE INDEX bills_due ON bills(company_id, due_date, id);
  CREATE INDEX bills_status ON bills(company_id, status, due_date, id);
  `,
  // 15: the pain.001 payment file a bill was scheduled with (its GrpHdr/MsgId, issue 25), so the bank
  // statement can be matched to the file and the bookkeeper sees which upload paid it.
  `
  ALTER TABLE bills ADD COLUMN payment_message_id TEXT;
  `,
  // 16: the bill a debit of the bank import pays (issue 25, "the statement closes the loop"): linked on
  // upload by its reference, else by amount and creditor IBAN in its due window; processing marks it paid.
  // A deleted bill leaves the entry unlinked (SET NULL).
  `
  ALTER TABLE import_entries ADD COLUMN bill_id INTEGER REFERENCES bills(id) ON DELETE SET NULL;
  CREATE INDEX import_entries_bill ON import_entries(bill_id);
  `,
];
