export const taxRatePaths = {
  list: (company: number) => `/companies/${company}/tax-rates`,
  one: (company: number, id: number | string) => `/companies/${company}/tax-rates/${id}`,
} as const;
