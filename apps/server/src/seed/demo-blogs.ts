/**
 * Demo blog posts for a fresh instance: real-looking long-form posts by community owners and admins, most with a
 * header image drawn locally (a motif in the community's colours), using the blog markup (bold, ***headings***,
 * fenced code blocks) and a few likes and shares from members. Dates spread over the last weeks.
 */
export type Motif = 'peaks' | 'loaf' | 'pixels' | 'keys' | 'pages' | 'feathers';

export type DemoBlog = {
  group: string;
  author: string;
  title: string;
  content: string;
  daysAgo: number;
  header?: { motif: Motif; colors: [string, string] };
  likedBy: string[];
  shares: number;
};

export const DEMO_BLOGS: DemoBlog[] = [
  {
    group: 'Trail Runners PDX',
    author: 'maya_chen',
    title: 'Your first Forest Park loop: a field guide',
    daysAgo: 2,
    header: { motif: 'peaks', colors: ['#065f46', '#34d399'] },
    likedBy: ['sofia_ramos', 'hannah_berg', 'noah_kim', 'priya_nair'],
    shares: 3,
    content: `Every month a few new faces show up at the Lower Macleay trailhead, a little unsure what "no-drop pace" means. This is the guide I wish I had on my first Saturday.

***What to bring***

**Water, even in winter.** The loop is 8.4 miles and there is no fountain after the Stone House. A 500 ml soft flask is plenty from October to April.

**Shoes with some grip.** Wildwood Trail turns into chocolate pudding after rain. Road shoes work in August and nowhere else.

**A layer you can tie around your waist.** We start cold and finish warm.

***How the morning goes***

We meet at 7:30, walk the first bridge together and split into two pace groups at the Witch's Castle. The sweep runs at the back of the slower group and waits for whoever is last, always. Nobody runs alone.

After the climb to Pittock Mansion we regroup, take the photo, and run back down together. Coffee at the corner café is optional but strongly encouraged.

***Questions people always ask***

**"Am I too slow?"** No. Our slowest regular walks the hills and finishes with everyone.

**"Do I need to sign up?"** Just join the community here and say hi in the discussion tab on Friday.

See you at the trailhead!`,
  },
  {
    group: 'Trail Runners PDX',
    author: 'sofia_ramos',
    title: 'What 52 Saturdays as the sweep taught me',
    daysAgo: 9,
    likedBy: ['maya_chen', 'yuki_tanaka'],
    shares: 1,
    content: `I have been the sweep for a full year now: fifty-two Saturdays at the very back of the group. A few notes for anyone thinking of taking a turn.

**The sweep sets the tone.** When the last runner hears someone chatting behind them instead of breathing down their neck, they relax, and a relaxed runner comes back next week.

**Carry the boring kit.** A tiny first-aid pouch, a spare gel, a phone with the route downloaded. I have used all three.

**Count heads at every junction.** It takes ten seconds and it is the whole job.

Thanks to everyone who slowed down to keep me company. Next year it is your turn, @maya_chen.`,
  },
  {
    group: 'Sourdough & Slow Bread',
    author: 'leo_okafor',
    title: 'A feeding schedule for a lazy starter',
    daysAgo: 4,
    header: { motif: 'loaf', colors: ['#9a3412', '#fbbf24'] },
    likedBy: ['tom_walsh', 'maya_chen', 'amara_diallo'],
    shares: 5,
    content: `Good bread does not need a starter fed three times a day. Mine lives in the fridge and gets attention twice a week, and it still doubles in four hours.

***The weekly rhythm***

**Sunday evening:** discard all but 20 g, feed 1:5:5 (20 g starter, 100 g flour, 100 g water), leave it on the counter overnight.

**Monday morning:** use what you need for a bake, put the rest back in the fridge.

**Thursday:** feed again 1:5:5 and straight back into the fridge.

***Signs it needs a rescue***

A layer of grey liquid ("hooch") on top means it is hungry, not dead. Pour it off, feed twice a day for two days, and it bounces back.

If it smells like nail polish remover, do the same thing. If it grows pink or orange fuzz, start over: that one is not worth saving.

Bring a jar to the next swap and I will share mine.`,
  },
  {
    group: 'Sourdough & Slow Bread',
    author: 'tom_walsh',
    title: 'Grams, not cups: the conversion table we keep pointing to',
    daysAgo: 16,
    likedBy: ['leo_okafor', 'sam_taylor'],
    shares: 2,
    content: `Rule number one of this community is **recipes in grams**. Cups vary with how you scoop; grams do not. Here is the table we link to whenever someone asks.

\`\`\`
Ingredient          1 cup     1 tbsp
------------------  --------  ------
Bread flour         120 g     8 g
Whole wheat flour   113 g     7.5 g
Water               236 g     15 g
Fine salt           288 g     18 g
Honey               340 g     21 g
\`\`\`

Print it, stick it inside a cupboard door, and never argue about packed versus sifted again.`,
  },
  {
    group: 'Cozy Game Makers',
    author: 'arjun_patel',
    title: 'Devlog #12: soft light without a lighting engine',
    daysAgo: 6,
    header: { motif: 'pixels', colors: ['#5b21b6', '#22d3ee'] },
    likedBy: ['noah_kim', 'maya_chen', 'lucas_moreau'],
    shares: 4,
    content: `Our little fishing game finally has the warm evening glow the concept art promised, and it costs almost nothing at runtime. The trick is a gradient look-up in the final pass instead of real lights.

***The shader***

\`\`\`glsl
uniform sampler2D scene;
uniform sampler2D warmRamp;
varying vec2 uv;

void main() {
  vec3 color = texture2D(scene, uv).rgb;
  float light = dot(color, vec3(0.299, 0.587, 0.114));
  vec3 tint = texture2D(warmRamp, vec2(light, 0.5)).rgb;
  gl_FragColor = vec4(mix(color, tint, 0.35), 1.0);
}
\`\`\`

**Why a ramp texture?** Artists can repaint the mood of a scene in an image editor without touching code. Dawn, dusk and a stormy night are three 256×1 images.

***Next week***

Playtest build on Friday. If you have a controller with drift, you are exactly who we need.`,
  },
  {
    group: 'Keyboard Tinkerers',
    author: 'maya_chen',
    title: 'Hand-wiring a 40% in one weekend',
    daysAgo: 12,
    header: { motif: 'keys', colors: ['#334155', '#f472b6'] },
    likedBy: ['arjun_patel', 'amara_diallo'],
    shares: 2,
    content: `No PCB, no group buy, no waiting: a hand-wired 40% is the fastest way from idea to typing. Mine took a Saturday for the wiring and a Sunday for the firmware.

***Parts***

**47 switches**, a 3D-printed plate, 47 diodes (1N4148), a Pro Micro clone and about two metres of enamelled wire.

***The matrix***

Rows are diodes soldered leg to leg; columns are the stripped wire. Mark the cathode side before you start: I soldered a whole row backwards.

***The firmware***

\`\`\`c
#define MATRIX_ROWS 4
#define MATRIX_COLS 12
#define MATRIX_ROW_PINS { D1, D0, D4, C6 }
#define MATRIX_COL_PINS { F4, F5, F6, F7, B1, B3, B2, B6, B5, B4, E6, D7 }
#define DIODE_DIRECTION COL2ROW
\`\`\`

**Test every key before you close the case.** A multimeter in continuity mode and ten minutes of patience save an evening of desoldering.`,
  },
  {
    group: 'Quiet Writers Room',
    author: 'lucas_moreau',
    title: 'Prompt of the week: the room you grew up in',
    daysAgo: 3,
    likedBy: ['hannah_berg'],
    shares: 0,
    content: `This week's prompt, for members only as always:

**Describe the room you grew up in without naming a single object in it.** Light, sound, smell, temperature, who came in and who never did.

Share a paragraph in the discussion tab by Sunday. Kind feedback only, and only when asked.`,
  },
];
