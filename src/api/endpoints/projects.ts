export const projectPaths = {
  list: (company: number) => `/companies/${company}/projects`,
  one: (company: number, id: number | string) => `/companies/${company}/projects/${id}`,
  multiple: (company: number) => `/companies/${company}/projects/multiple`,
} as const;
