// Text into HTML or XML (an SVG image, a web page).

/**
 * Text and attribute values (attributes always in double quotes) with &, <, > and " escaped: the
 * characters that could open markup or leave an attribute. Apostrophes (1'234.50) may stay.
 */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
