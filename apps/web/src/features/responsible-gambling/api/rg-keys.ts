/** Query keys of safer gambling; under 'member' so a logout drops them with the member's other data. */
export const rgKeys = {
  all: ['member', 'responsible-gambling'] as const,
  overview: ['member', 'responsible-gambling', 'overview'] as const,
  history: (page: number) => ['member', 'responsible-gambling', 'history', page] as const,
  realityCheck: ['member', 'responsible-gambling', 'reality-check'] as const,
};
