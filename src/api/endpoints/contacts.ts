export const contactPaths = {
  list: (company: number) => `/companies/${company}/contacts`,
  one: (company: number, id: number | string) => `/companies/${company}/contacts/${id}`,
  multiple: (company: number) => `/companies/${company}/contacts/multiple`,
} as const;
