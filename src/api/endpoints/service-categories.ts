export const serviceCategoryPaths = {
  /** not paginated: { data: [...] } sorted by name */
  list: (company: number) => `/companies/${company}/service-categories`,
  one: (company: number, id: number | string) => `/companies/${company}/service-categories/${id}`,
} as const;
