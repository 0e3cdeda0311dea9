import type { Scene } from './images';

/**
 * Demo posts for a fresh instance, a few per demo community (the private one too): bold and bigger bold text,
 * mentions, a video link, a button link, galleries of 1 to 6 locally generated pictures, pins, likes, comments and
 * replies, spread over the last two weeks so the feeds and relative times look lived in. Every author, liker and
 * commenter is a member (or the owner) of the community, as the API would require.
 */
export type DemoComment = {
  by: string;
  text: string;
  hoursAfter: number;
  likes?: string[];
  replies?: { by: string; text: string; hoursAfter: number; likes?: string[] }[];
};

export type DemoPost = {
  by: string;
  hoursAgo: number;
  text: string;
  /** Pictures of the gallery, generated locally: a scene and its colours per picture. */
  images?: { scene: Scene; colors: [string, string] }[];
  pinned?: boolean;
  likes?: string[];
  comments?: DemoComment[];
};

/** Posts by community name (demo-groups.ts). */
export const DEMO_DISCUSSIONS: Record<string, DemoPost[]> = {
  'Trail Runners PDX': [
    {
      by: 'maya_chen',
      hoursAgo: 300,
      pinned: true,
      text: '***Welcome to Trail Runners PDX!***\n\nWe meet **every Saturday at 7:30** at Lower Macleay. Three pace groups, nobody runs alone.\n\nFirst time? Read the rules in the Overview tab and say hi below. https://www.forestparkconservancy.org/trails [Trail map]',
      likes: ['sofia_ramos', 'hannah_berg', 'yuki_tanaka', 'arjun_patel', 'noah_kim', 'priya_nair', 'tom_walsh'],
      comments: [
        { by: 'priya_nair', text: 'Hi all! New to trails, coming this Saturday 👋', hoursAfter: 5, likes: ['maya_chen', 'hannah_berg'] },
        {
          by: 'tom_walsh',
          text: 'Is the slow group really no-drop?',
          hoursAfter: 20,
          replies: [
            {
              by: 'hannah_berg',
              text: 'Really. I sweep the slow group and I’m the slowest of all 😄',
              hoursAfter: 21,
              likes: ['tom_walsh'],
            },
            { by: 'tom_walsh', text: 'Sold. See you there.', hoursAfter: 22 },
          ],
        },
      ],
    },
    {
      by: 'sofia_ramos',
      hoursAgo: 26,
      text: 'Saturday recap: 14 of us, fog all the way up Wildwood and then **sun at the top**. Photos from the Birch trail turnaround ⬇️',
      images: [
        { scene: 'mountains', colors: ['#0f766e', '#fde68a'] },
        { scene: 'forest', colors: ['#14532d', '#a7f3d0'] },
        { scene: 'mountains', colors: ['#1e3a8a', '#fbcfe8'] },
        { scene: 'forest', colors: ['#365314', '#fef9c3'] },
      ],
      likes: ['maya_chen', 'yuki_tanaka', 'noah_kim', 'priya_nair'],
      comments: [
        { by: 'maya_chen', text: 'That third one is going on the club banner.', hoursAfter: 1, likes: ['sofia_ramos'] },
        {
          by: 'noah_kim',
          text: 'Who was the runner in the orange jacket? Great pace on the climb.',
          hoursAfter: 3,
          replies: [{ by: 'yuki_tanaka', text: 'Guilty 🙋 thanks!', hoursAfter: 4 }],
        },
      ],
    },
    {
      by: 'yuki_tanaka',
      hoursAgo: 3,
      text: 'Route change for this week: Leif Erikson is closed past mile 4 for tree work. We’ll do **Maple → Wildwood loop** instead (7.2 mi). @maya_chen can you pin this?',
      likes: ['maya_chen', 'arjun_patel'],
      comments: [{ by: 'maya_chen', text: 'Done — thanks Yuki!', hoursAfter: 1 }],
    },
  ],
  'Sourdough & Slow Bread': [
    {
      by: 'leo_okafor',
      hoursAgo: 200,
      pinned: true,
      text: '**Starter library is open.** Comment with your neighbourhood and I’ll bring a jar to the next meetup. Feeding guide (grams, as the rules say):\n\n50 g starter · 50 g flour · 50 g water, every 12 h at room temperature.',
      likes: ['tom_walsh', 'sam_taylor', 'maya_chen', 'amara_diallo'],
      comments: [
        { by: 'amara_diallo', text: 'Sellwood! Would love one.', hoursAfter: 2, likes: ['leo_okafor'] },
        { by: 'lucas_moreau', text: 'St Johns, if there’s any left 🙏', hoursAfter: 30 },
      ],
    },
    {
      by: 'maya_chen',
      hoursAgo: 50,
      text: 'First loaf with the library starter!! Crumb is a bit tight — too short a bulk ferment? 78% hydration, 4 h bulk at 21 °C.',
      images: [
        { scene: 'bread', colors: ['#92400e', '#fde68a'] },
        { scene: 'bread', colors: ['#78350f', '#fed7aa'] },
      ],
      likes: ['leo_okafor', 'tom_walsh'],
      comments: [
        {
          by: 'leo_okafor',
          text: 'Looks great for a first! At 21 °C I’d go **5–6 h bulk**, until it’s grown about 50%.',
          hoursAfter: 1,
          likes: ['maya_chen', 'sam_taylor'],
          replies: [{ by: 'maya_chen', text: 'Trying 6 h this weekend, will report back.', hoursAfter: 2 }],
        },
      ],
    },
    {
      by: 'sam_taylor',
      hoursAgo: 8,
      text: 'Rye experiment: 100% whole rye, no shaping, baked in a pullman tin. Dense in the best way.',
      images: [{ scene: 'bread', colors: ['#451a03', '#d6d3d1'] }],
      likes: ['leo_okafor'],
    },
  ],
  'Backyard Birders': [
    {
      by: 'sofia_ramos',
      hoursAgo: 140,
      text: '***Spring migration is here.*** Post your first-of-year sightings in this thread: species, place, time. I’ll keep a tally.',
      pinned: true,
      likes: ['tom_walsh', 'priya_nair', 'hannah_berg'],
      comments: [
        { by: 'priya_nair', text: 'Rufous hummingbird at my feeder, 7 am!', hoursAfter: 10, likes: ['sofia_ramos'] },
        { by: 'tom_walsh', text: 'Two violet-green swallows over the Willamette.', hoursAfter: 40 },
      ],
    },
    {
      by: 'priya_nair',
      hoursAgo: 12,
      text: 'Feeder cam highlights from this week. Five visitors, one very bossy jay.',
      images: [
        { scene: 'birds', colors: ['#0369a1', '#e0f2fe'] },
        { scene: 'birds', colors: ['#155e75', '#fef3c7'] },
        { scene: 'forest', colors: ['#166534', '#dcfce7'] },
        { scene: 'birds', colors: ['#1e40af', '#fce7f3'] },
        { scene: 'birds', colors: ['#0f766e', '#fefce8'] },
      ],
      likes: ['sofia_ramos', 'hannah_berg'],
      comments: [{ by: 'sofia_ramos', text: 'The jay in #4 owns that feeder now.', hoursAfter: 2 }],
    },
  ],
  'Cozy Game Makers': [
    {
      by: 'arjun_patel',
      hoursAgo: 90,
      text: 'Devlog #12: the fishing line finally **feels** right. Short clip of the new cast animation:\n[https://www.youtube.com/watch?v=Y-rmzh0PI3c&t=30s]\n\nFeedback very welcome, especially on the reel-in timing.',
      likes: ['noah_kim', 'maya_chen', 'lucas_moreau'],
      comments: [
        {
          by: 'noah_kim',
          text: 'The splash is lovely. Reel-in could ease out a bit at the end?',
          hoursAfter: 3,
          replies: [
            { by: 'arjun_patel', text: 'Good call, trying an ease-out-back.', hoursAfter: 4, likes: ['noah_kim'] },
            { by: 'lucas_moreau', text: '+1, and maybe a tiny rod wobble.', hoursAfter: 6 },
          ],
        },
      ],
    },
    {
      by: 'maya_chen',
      hoursAgo: 20,
      text: 'Playtest night on Thursday! Bring a build, a controller, or just opinions. https://discord.gg/cozyfishing [Join the voice channel]',
      likes: ['arjun_patel'],
    },
    {
      by: 'noah_kim',
      hoursAgo: 2,
      text: 'Palette studies for a rainy harbour level. Which one feels cosiest?',
      images: [
        { scene: 'harbour', colors: ['#312e81', '#fbcfe8'] },
        { scene: 'harbour', colors: ['#134e4a', '#fde68a'] },
        { scene: 'harbour', colors: ['#4c1d95', '#a5f3fc'] },
      ],
      likes: ['arjun_patel', 'maya_chen'],
      comments: [
        { by: 'arjun_patel', text: 'Second one, no contest.', hoursAfter: 1 },
        { by: 'maya_chen', text: 'First! The pink sky sells it.', hoursAfter: 1 },
      ],
    },
  ],
  'Night Owls Book Club': [
    {
      by: 'hannah_berg',
      hoursAgo: 230,
      pinned: true,
      text: '**This month: The Left Hand of Darkness** (Ursula K. Le Guin). We meet on the last Thursday, 10:30 pm, video call. No spoilers past chapter 10 in the comments until then, please!',
      likes: ['lucas_moreau', 'sofia_ramos', 'priya_nair'],
      comments: [{ by: 'priya_nair', text: 'Halfway through and already in love with Estraven.', hoursAfter: 60, likes: ['hannah_berg'] }],
    },
    {
      by: 'lucas_moreau',
      hoursAgo: 30,
      text: 'Nominations for next month are open. Reply with one book each; top three go to a vote on Sunday.',
      likes: ['hannah_berg'],
      comments: [
        { by: 'sofia_ramos', text: 'Piranesi — Susanna Clarke.', hoursAfter: 1, likes: ['lucas_moreau', 'priya_nair'] },
        { by: 'priya_nair', text: 'The Dispossessed, to stay with Le Guin?', hoursAfter: 5 },
      ],
    },
  ],
  'Urban Jungle Plant Swap': [
    {
      by: 'sam_taylor',
      hoursAgo: 70,
      text: 'Swap table this Sunday at the library steps, 10–12. I’m bringing pothos cuttings and two spider plant pups.',
      images: [{ scene: 'plants', colors: ['#166534', '#ecfccb'] }],
      likes: ['yuki_tanaka', 'amara_diallo'],
      comments: [{ by: 'yuki_tanaka', text: 'I’ll bring a tradescantia for someone!', hoursAfter: 3 }],
    },
    {
      by: 'amara_diallo',
      hoursAgo: 6,
      text: 'Help: my monstera has **yellow lower leaves**. Bright indirect light, water every 10 days. Overwatering?',
      images: [
        { scene: 'plants', colors: ['#14532d', '#fef08a'] },
        { scene: 'plants', colors: ['#365314', '#d9f99d'] },
      ],
      comments: [
        {
          by: 'sam_taylor',
          text: 'Probably. Check the soil 5 cm down before watering; if damp, wait.',
          hoursAfter: 1,
          replies: [{ by: 'amara_diallo', text: 'It’s damp. Lesson learned, thank you!', hoursAfter: 2, likes: ['sam_taylor'] }],
        },
      ],
    },
  ],
  'Keyboard Tinkerers': [
    {
      by: 'maya_chen',
      hoursAgo: 110,
      text: 'Finished the 40% build. Lubed linears, hand-wired, walnut case. ***Never again*** (until the next one).',
      images: [
        { scene: 'keyboard', colors: ['#334155', '#f9a8d4'] },
        { scene: 'keyboard', colors: ['#1e293b', '#fcd34d'] },
        { scene: 'keyboard', colors: ['#3f3f46', '#93c5fd'] },
        { scene: 'keyboard', colors: ['#292524', '#fda4af'] },
        { scene: 'keyboard', colors: ['#1f2937', '#86efac'] },
        { scene: 'keyboard', colors: ['#18181b', '#c4b5fd'] },
      ],
      likes: ['arjun_patel', 'amara_diallo'],
      comments: [
        {
          by: 'arjun_patel',
          text: 'That walnut grain 😍 what finish did you use?',
          hoursAfter: 2,
          replies: [{ by: 'maya_chen', text: 'Hardwax oil, two coats.', hoursAfter: 3 }],
        },
      ],
    },
  ],
  'Quiet Writers Room': [
    {
      by: 'lucas_moreau',
      hoursAgo: 160,
      pinned: true,
      text: '**Weekly word counts** go in this thread. No judgement, zero counts welcome.',
      likes: ['hannah_berg', 'noah_kim'],
      comments: [
        { by: 'hannah_berg', text: '3,200 words, chapter 7 finally done.', hoursAfter: 24, likes: ['lucas_moreau'] },
        { by: 'noah_kim', text: '450, but good ones.', hoursAfter: 30, likes: ['hannah_berg', 'lucas_moreau'] },
      ],
    },
    {
      by: 'hannah_berg',
      hoursAgo: 16,
      text: 'Critique swap: I have a 2,000-word short story that needs a cold reader. Anyone want to trade? @noah_kim you mentioned a screenplay?',
      comments: [{ by: 'noah_kim', text: 'Yes! Sending it tonight.', hoursAfter: 2 }],
    },
  ],
  'Weekend Film Club': [
    {
      by: 'noah_kim',
      hoursAgo: 180,
      text: 'Saturday screening: **Sintel** (Blender open movie, 15 min) followed by a short discussion.\n[https://www.youtube.com/watch?v=eRsGyueVLvQ]',
      likes: ['leo_okafor', 'yuki_tanaka'],
      comments: [{ by: 'leo_okafor', text: 'Brought tissues last time. Bringing more.', hoursAfter: 4 }],
    },
  ],
  'Neighborhood Fixers': [
    {
      by: 'amara_diallo',
      hoursAgo: 250,
      text: 'Repair café results: **23 items fixed**, 4 sent home with parts lists. Stars of the day: a 1970s lamp and a very loved teddy bear.',
      images: [
        { scene: 'workshop', colors: ['#92400e', '#fef3c7'] },
        { scene: 'workshop', colors: ['#7c2d12', '#fde68a'] },
        { scene: 'workshop', colors: ['#78350f', '#e7e5e4'] },
      ],
      likes: ['tom_walsh', 'leo_okafor'],
      comments: [{ by: 'tom_walsh', text: 'The teddy bear surgery was a team effort 🧸', hoursAfter: 5, likes: ['amara_diallo'] }],
    },
  ],
};
