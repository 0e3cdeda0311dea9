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
  {
    username: 'noah_kim',
    firstName: 'Noah',
    lastName: 'Kim',
    bio: 'Film nerd, 35mm',
    about: 'I run a tiny film club in a borrowed basement. Ask me for a double-feature recommendation.',
    birthday: '1993-02-11',
    userLink: 'https://letterboxd.com/noahkim [Letterboxd]',
    colors: ['#0f766e', '#a3e635'],
  },
  {
    username: 'amara_diallo',
    firstName: 'Amara',
    lastName: 'Diallo',
    bio: 'Fixer of broken things',
    about: 'Electrical engineer who hosts a monthly repair café. Bring your toaster.',
    birthday: '1989-08-23',
    userLink: 'https://github.com/amarafixes',
    colors: ['#b45309', '#fde047'],
  },
  {
    username: 'lucas_moreau',
    firstName: 'Lucas',
    lastName: 'Moreau',
    bio: 'Writer. Slow reader.',
    about: 'Short stories, long walks. Trying to finish a novel this year (again).',
    birthday: '1986-12-02',
    userLink: '',
    colors: ['#1e3a8a', '#93c5fd'],
  },
  {
    username: 'yuki_tanaka',
    firstName: 'Yuki',
    lastName: 'Tanaka',
    bio: 'Boulders & bonsai',
    about: 'Weekend climber, weekday bonsai pruner. Patience is a skill.',
    birthday: '1996-04-09',
    userLink: 'https://instagram.com/yuki.climbs',
    colors: ['#be123c', '#fb7185'],
  },
  {
    username: 'priya_nair',
    firstName: 'Priya',
    lastName: 'Nair',
    bio: 'Data by day, birds at 6',
    about: 'Counting things for a living and warblers for fun.',
    birthday: '1992-10-30',
    userLink: 'https://www.linkedin.com/in/priya-nair',
    colors: ['#7c3aed', '#f0abfc'],
  },
  {
    username: 'tom_walsh',
    firstName: 'Tom',
    lastName: 'Walsh',
    bio: 'Bread, bikes, banjo',
    about: 'Retired teacher. I bake too much and give most of it away.',
    birthday: '1958-06-16',
    userLink: '',
    colors: ['#475569', '#cbd5e1'],
  },
];
