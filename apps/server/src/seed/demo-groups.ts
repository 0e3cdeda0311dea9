import type { Pattern } from './images';

/**
 * Demo communities for a fresh instance: real-looking sections (About with bold text and one bracketed video
 * link, Rules with bold, Social Media lines with labels), people in every role, two verified, one private with
 * pending requests and an invitation waiting for maya_chen (the first demo account).
 * The videos are the Blender Foundation's open movies.
 */
export type DemoGroup = {
  name: string;
  owner: string;
  pattern: Pattern;
  colors: [string, string];
  monogram: string;
  verified?: boolean;
  isPrivate?: boolean;
  /** Days since the last activity: spreads the suggested ranking. */
  lastActiveDaysAgo: number;
  about: string;
  rules: string;
  social: string;
  members: [username: string, role: 'admin' | 'moderator' | 'member'][];
  requests?: string[];
  invites?: [from: string, to: string][];
};

export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: 'Trail Runners PDX',
    owner: 'maya_chen',
    pattern: 'peaks',
    colors: ['#065f46', '#34d399'],
    monogram: 'TR',
    verified: true,
    lastActiveDaysAgo: 0,
    about:
      'Portland’s friendliest trail running crew. We meet **every Saturday at 7:30** at the Lower Macleay trailhead and run Forest Park at a no-drop pace.\n\nNew to trails? Watch our pace-group explainer first:\n[https://www.youtube.com/watch?v=aqz-KE-bpKQ]',
    rules:
      '**No one runs alone**: the sweep waits for the last runner.\nPost route changes at least a day ahead.\n**Leave no trace** — pack out every gel wrapper.\nBe kind in the comments; everyone started somewhere.',
    social:
      'https://www.instagram.com/trailrunnerspdx [Instagram]\nhttps://www.strava.com/clubs/trail-runners-pdx [Strava club]\nhttps://discord.gg/trailpdx\nFridays: route poll in the Discord',
    members: [
      ['sofia_ramos', 'admin'],
      ['hannah_berg', 'moderator'],
      ['yuki_tanaka', 'moderator'],
      ['arjun_patel', 'member'],
      ['noah_kim', 'member'],
      ['priya_nair', 'member'],
      ['tom_walsh', 'member'],
    ],
  },
  {
    name: 'Sourdough & Slow Bread',
    owner: 'leo_okafor',
    pattern: 'dots',
    colors: ['#9a3412', '#fbbf24'],
    monogram: 'SB',
    verified: true,
    lastActiveDaysAgo: 1,
    about:
      'A community for people who feed a jar of flour and water every day and call it a pet. **Starters shared free** with anyone nearby.\n\nOur shaping demo:\n[https://www.youtube.com/watch?v=eRsGyueVLvQ]',
    rules: '**Share recipes with grams**, not cups.\nCrumb shots welcome, crumb shaming is not.\nNo selling without a mod’s OK.',
    social:
      'https://www.youtube.com/@leobakes [Leo’s channel]\nhttps://www.facebook.com/groups/slowbread\nhttps://www.reddit.com/r/Sourdough [r/Sourdough]',
    members: [
      ['tom_walsh', 'admin'],
      ['sam_taylor', 'moderator'],
      ['maya_chen', 'member'],
      ['amara_diallo', 'member'],
      ['lucas_moreau', 'member'],
    ],
  },
  {
    name: 'Backyard Birders',
    owner: 'sofia_ramos',
    pattern: 'leaves',
    colors: ['#0369a1', '#a7f3d0'],
    monogram: 'BB',
    lastActiveDaysAgo: 2,
    about:
      'Spotted something with feathers? Post it here. We do a **monthly dawn count** and help each other with IDs.\n\n[https://www.youtube.com/watch?v=WhWc3b3KhnY]',
    rules:
      '**Never disturb nests** for a photo.\nTag the location to the neighbourhood, not the street.\nRare species: share with the mods first.',
    social: 'https://ebird.org/profile/backyard-birders [eBird]\nhttps://www.instagram.com/backyardbirders\nhttps://x.com/backyardbirders',
    members: [
      ['priya_nair', 'admin'],
      ['maya_chen', 'moderator'],
      ['hannah_berg', 'member'],
      ['tom_walsh', 'member'],
    ],
  },
  {
    name: 'Cozy Game Makers',
    owner: 'arjun_patel',
    pattern: 'hexes',
    colors: ['#5b21b6', '#22d3ee'],
    monogram: 'CG',
    lastActiveDaysAgo: 3,
    about:
      'Small teams, soft colours, **no crunch**. Share devlogs, playtest each other’s builds and talk shop.\n\nThis month’s inspiration:\n[https://www.youtube.com/watch?v=Y-rmzh0PI3c]',
    rules: '**Playtest before you ask for playtests.**\nFeedback is about the game, never the person.\nSelf-promotion on Fridays only.',
    social: 'https://discord.gg/cozyfishing [Discord]\nhttps://github.com/cozy-game-makers\nhttps://itch.io/jam/cozy-jam [Cozy Jam]',
    members: [
      ['noah_kim', 'admin'],
      ['maya_chen', 'member'],
      ['lucas_moreau', 'member'],
    ],
  },
  {
    name: 'Night Owls Book Club',
    owner: 'hannah_berg',
    pattern: 'rings',
    colors: ['#1e1b4b', '#818cf8'],
    monogram: 'NO',
    lastActiveDaysAgo: 5,
    about:
      'One book a month, discussed **after 10 pm**. This month: The Left Hand of Darkness.\n\n[https://www.youtube.com/watch?v=TLkA0RELQ1g]',
    rules: '**Spoilers in the spoiler thread only.**\nFinish the book or don’t — both are fine.\nRecommendations welcome any time.',
    social: 'https://www.goodreads.com/group/nightowls [Goodreads]\nhttps://www.tiktok.com/@hannahreads\nMeetings: first Thursday, 10 pm',
    members: [
      ['lucas_moreau', 'moderator'],
      ['sofia_ramos', 'member'],
      ['priya_nair', 'member'],
    ],
  },
  {
    name: 'Urban Jungle Plant Swap',
    owner: 'sam_taylor',
    pattern: 'triangles',
    colors: ['#166534', '#bef264'],
    monogram: 'UJ',
    lastActiveDaysAgo: 8,
    about:
      'Cuttings, pups and the occasional very dramatic monstera. **Swap, don’t sell.**\n\n[https://www.youtube.com/watch?v=R6MlUcmOul8]',
    rules: '**Check for pests** before a swap.\nLabel your cuttings.\nMeet in public places.',
    social: 'https://www.instagram.com/urbanjungleswap\nhttps://www.pinterest.com/urbanjungleswap [Pinterest]',
    members: [
      ['yuki_tanaka', 'member'],
      ['amara_diallo', 'member'],
    ],
  },
  {
    name: 'Keyboard Tinkerers',
    owner: 'maya_chen',
    pattern: 'grid',
    colors: ['#334155', '#f472b6'],
    monogram: 'KT',
    lastActiveDaysAgo: 12,
    about: 'Mechanical keyboards, **hand-wired builds** and the eternal switch debate.\n\n[https://www.youtube.com/watch?v=aqz-KE-bpKQ]',
    rules: '**Sound tests need a link to the build log.**\nGroup buys: organiser posts the budget up front.',
    social: 'https://github.com/mayachen/keebs [Build logs]\nhttps://www.reddit.com/r/MechanicalKeyboards',
    members: [
      ['arjun_patel', 'moderator'],
      ['amara_diallo', 'member'],
    ],
  },
  {
    name: 'Quiet Writers Room',
    owner: 'lucas_moreau',
    pattern: 'waves',
    colors: ['#312e81', '#fda4af'],
    monogram: 'QW',
    isPrivate: true,
    lastActiveDaysAgo: 4,
    about:
      'A private room for working writers: **weekly word counts**, gentle deadlines and honest critique. Ask to join and tell us what you are working on.\n\n[https://www.youtube.com/watch?v=eRsGyueVLvQ]',
    rules: '**What is shared here stays here.**\nCritique the page, not the writer.\nPost your word count every Sunday.',
    social: 'https://www.patreon.com/quietwriters [Patreon]\nNewsletter: quietwriters.substack.com',
    members: [
      ['hannah_berg', 'admin'],
      ['noah_kim', 'member'],
    ],
    requests: ['sam_taylor', 'tom_walsh'],
    invites: [['hannah_berg', 'maya_chen']],
  },
  {
    name: 'Weekend Film Club',
    owner: 'noah_kim',
    pattern: 'stripes',
    colors: ['#7f1d1d', '#fca5a5'],
    monogram: 'WF',
    lastActiveDaysAgo: 20,
    about: 'Double features every other Saturday, **35mm when we can get it**.\n\n[https://www.youtube.com/watch?v=TLkA0RELQ1g]',
    rules: '**Phones away during the film.**\nBring snacks to share.',
    social: 'https://letterboxd.com/weekendfilmclub [Letterboxd]\nhttps://www.youtube.com/@weekendfilmclub',
    members: [
      ['leo_okafor', 'member'],
      ['yuki_tanaka', 'member'],
    ],
  },
  {
    name: 'Neighborhood Fixers',
    owner: 'amara_diallo',
    pattern: 'confetti',
    colors: ['#92400e', '#fde68a'],
    monogram: 'NF',
    lastActiveDaysAgo: 30,
    about:
      'Monthly **repair café**: lamps, toasters, jeans, bikes. Learn to fix it yourself.\n\n[https://www.youtube.com/watch?v=WhWc3b3KhnY]',
    rules: '**Unplug before you open it.**\nWe fix with you, not for you.',
    social: 'https://www.facebook.com/neighborhoodfixers\nhttps://www.meetup.com/neighborhood-fixers [Meetup]',
    members: [
      ['tom_walsh', 'moderator'],
      ['leo_okafor', 'member'],
    ],
  },
];
