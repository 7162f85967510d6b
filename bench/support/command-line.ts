/**
 * A bench's command line (the words after the script): `flag(name)` says whether the word is
 * there, `option(name)` answers the word after it (undefined when the option is not given).
 */
export function commandLine(args: readonly string[] = process.argv.slice(2)) {
  return {
    args,
    flag: (name: string) => args.includes(name),
    option: (name: string): string | undefined => {
      const index = args.indexOf(name);
      return index >= 0 ? args[index + 1] : undefined;
    },
  };
}
