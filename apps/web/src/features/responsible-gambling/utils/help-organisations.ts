/**
 * Where a member can get help (issue 17, item 1). Websites only: no phone number is given that we
 * could not stand behind for Bangladesh or Kenya (neither has a national gambling helpline we
 * know of); Gambling Therapy answers online, free, in many languages, wherever the member lives.
 * Names stay as the organisations spell them; what each does is in the page's messages.
 */
export const HELP_ORGANISATIONS = [
  { id: 'gamblingTherapy', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
  { id: 'gamblersAnonymous', name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org' },
  { id: 'gamCare', name: 'GamCare', url: 'https://www.gamcare.org.uk' },
  { id: 'beGambleAware', name: 'BeGambleAware', url: 'https://www.begambleaware.org' },
  { id: 'gamban', name: 'Gamban', url: 'https://gamban.com' },
] as const;

export type HelpOrganisationId = (typeof HELP_ORGANISATIONS)[number]['id'];
