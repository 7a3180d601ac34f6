// Public API of the output layer: table / tsv / json / ndjson / csv rendering, --fields selection,
// Swiss formatting.

export { OUTPUT_FORMATS } from './types.js';
export type { OutputFormat, ColumnKind, Column, Sink, RenderOptions, ListRenderer } from './types.js';
export { resolveFormat, selectColumns, getPath } from './columns.js';
export { createListRenderer, renderRecord } from './render.js';
export { formatMoney, formatDate, formatDateTime, formatDuration, formatBool } from './format.js';
