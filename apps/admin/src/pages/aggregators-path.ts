/** An aggregator operator path with the merchant code and contract id filled in. */
export const aggregatorPath = (template: string, code: string, id?: number) =>
  template.replace(':code', encodeURIComponent(code)).replace(':id', String(id ?? ''));
