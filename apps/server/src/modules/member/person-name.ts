/** Names compare without case and runs of spaces: "RAHIM  uddin" is "Rahim Uddin". */
export function normalizePersonName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}
