/** Demo people for a fresh instance: real-looking profiles; everyone shares the printed demo password. */
export const DEMO_PASSWORD = 'agora-demo';

export type DemoUser = {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  about: string;
  birthday: string;
  userLink: string;
  colors: [string, string];
};

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'maya_chen',
    firstName: 'Maya',
    lastName: 'Chen',
    bio: 'Trail runner & maker',
    about: 'Product designer in Portland. I organise weekend trail runs and tinker with keyboards in between.',
    birthday: '1991-03-05',
    userLink: 'https://github.com/mayachen [GitHub]\nhttps://instagram.com/maya.runs',
    colors: ['#6366f1', '#ec4899'],
  },
  {
    username: 'leo_okafor',
    firstName: 'Leo',
    lastName: 'Okafor',
    bio: 'Home cook, bread nerd',
    about: 'Sourdough since 2019. Happy to share starters and recipes with anyone nearby.',
    birthday: '1987-11-21',
    userLink: 'https://youtube.com/@leobakes [My channel]',
    colors: ['#f97316', '#facc15'],
  },
  {
    username: 'sofia_ramos',
    firstName: 'Sofía',
    lastName: 'Ramos',
    bio: 'Birder. Coffee. Maps.',
    about: 'Field biologist. Ask me about warblers, topographic maps or the best espresso in town.',
    birthday: '1994-07-14',
    userLink: 'https://x.com/sofiabirds\nhttps://www.linkedin.com/in/sofia-ramos',
    colors: ['#10b981', '#0ea5e9'],
  },
  {
    username: 'arjun_patel',
    firstName: 'Arjun',
    lastName: 'Patel',
    bio: 'Indie game dev',
    about: 'Making small games about big feelings. Currently: a cozy fishing game.',
    birthday: '1990-01-30',
    userLink: 'https://discord.gg/cozyfishing [Discord]\nhttps://github.com/arjunmakesgames',
    colors: ['#8b5cf6', '#06b6d4'],
  },
  {
    username: 'hannah_berg',
    firstName: 'Hannah',
    lastName: 'Berg',
    bio: 'Climber, reader',
    about: 'Librarian by day, boulderer by night. Recommending books is my love language.',
    birthday: '1985-09-02',
    userLink: 'https://www.tiktok.com/@hannahreads',
    colors: ['#ef4444', '#f59e0b'],
  },
  {
    username: 'sam_taylor',
    firstName: 'Sam',
    lastName: 'Taylor',
    bio: 'Plants everywhere',
    about: '',
    birthday: '1998-05-18',
    userLink: '',
    colors: ['#22c55e', '#84cc16'],
  },
];
