/** How a project is billed. */
export const PROJECT_TYPES = ['byHour', 'fixedBudget', 'fixedPrice'] as const;

export const projectPaths = {
  list: (company: number) => `/companies/${company}/projects`,
  one: (company: number, id: number | string) => `/companies/${company}/projects/${id}`,
  multiple: (company: number) => `/companies/${company}/projects/multiple`,
} as const;
