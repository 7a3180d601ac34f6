/** Tag colours, exactly and in the order the API returns them. */
export const TAG_COLORS = [
  'orange',
  'blue',
  'lime',
  'yellow',
  'turquoise',
  'marine',
  'purple',
  'pink',
  'green',
  'red',
  'gray',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

/** Tag names are stored lower case; the spec says they are converted automatically. */
export const normaliseTagName = (name: string) => name.trim().toLowerCase();
