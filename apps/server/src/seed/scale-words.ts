/**
 * The scale seeder's vocabulary (scale-text.ts): about 2,500 English words and a hundred two-word phrases (joined by
 * `_`), most frequent first. A word's rank is its place in this list; the seeder draws rank r with probability about
 * 1/r (Zipf), so "the" and "and" are in most sentences, "time" and "people" in many, and the last few hundred words
 * are rare. Inflected forms (run, runs, running, ran) are separate entries, as in real text, so stemming has
 * something to do. The bench's marker words (scale-text.ts `SCALE_MARKERS`) are deliberately absent.
 */
export const SCALE_WORDS = `
the of and to a in is it you that he was for on are with as I his they be at one have this from or had by
not but what all were we when your can said there use an each which she do how their if will up other about
out many then them these so some her would make like him into time has look two more write go see number no
way could people my than first been call who its now find long down day did get come made may part over new
after also just only any most very where well back much good still own know should through want around need
really thing think going because those while again here last never same little something year every both off
before under great right old big high small different next early young important few public bad able last
week today month tonight morning evening night afternoon yesterday tomorrow hour minute moment season spring
summer autumn winter holiday trip journey community group member friend family neighbour neighbor team club
people_here next_week last_year this_morning right_now a_lot
help start show hear play run runs running ran move live believe hold bring happen happens happened provide
sit stand lose pay meet include continue set learn change lead understand watch follow stop create speak read
allow add spend grow open walk win offer remember love consider appear buy wait serve die send expect build
stay fall cut reach kill remain suggest raise pass sell require report decide pull share shared sharing posted
post posts comment comments thread threads reply replies question questions answer answers idea ideas plan
plans project projects work works working worked job jobs school schools home house houses room rooms city
cities town towns village country countries world place places area areas street road roads river rivers lake
lakes mountain mountains hill hills forest forests beach beaches island islands garden gardens park parks field
fields farm farms market markets shop shops store stores restaurant restaurants cafe kitchen bakery library
museum station airport hospital church office bridge tower castle harbor harbour coast valley desert ocean sea
water fire air earth sun sky star stars cloud clouds rain snow wind storm weather light lights dark shadow
board_game open_source climate_change social_media public_transport city_council high_school
food bread cheese coffee tea wine beer soup salad pasta pizza rice apple apples orange lemon tomato potato
potatoes onion garlic butter sugar salt pepper chocolate cake cookies recipe recipes dinner lunch breakfast
meal meals cook cooking cooked bake baking baked kitchen_table sourdough_starter
book books story stories novel novels poem poems chapter page pages author writer writing letter letters word
words language languages music song songs band album guitar piano drums concert festival film films movie movies
show shows series episode episodes game games player players match matches sport sports football soccer tennis
cricket basketball baseball hockey running cycling swimming hiking climbing sailing fishing camping skiing
live_music book_club film_night
car cars bike bikes bicycle train trains bus buses boat boats plane planes ticket tickets map maps route routes
trail trails path paths camp tent bag bags boots jacket coat hat shoes gloves rope knife stove lamp
bus_stop train_station
computer computers phone phones screen screens keyboard mouse laptop software hardware code coding program
programs programming app apps website websites server servers database databases network internet email
emails message messages account accounts password update updates version versions bug bugs feature features
test tests testing release releases design designs tool tools file files folder image images video videos
camera cameras battery charger cable printer keyboard_shortcut pull_request command_line
man men woman women child children kid kids baby parent parents mother father brother sister son daughter
husband wife uncle aunt cousin grandmother grandfather teacher teachers student students doctor nurse
driver farmer artist painter singer musician chef baker builder engineer scientist manager owner neighbour
head face eye eyes ear ears hand hands arm arms leg legs foot feet heart back body mind voice hair skin
dog dogs cat cats horse horses bird birds fish cow cows sheep chicken chickens duck ducks bee bees fox owl
deer rabbit bear wolf eagle butterfly tree trees flower flowers grass leaf leaves seed seeds plant plants
root roots branch branches rose roses tulip oak pine maple berry berries herb herbs vegetable vegetables fruit
bird_watching dog_walk
money price prices cost costs pay paid free cheap expensive budget bill bills tax rent sale deal deals bank
business company companies market_day
history science art arts nature health culture education government law politics economy energy power
weather_forecast
red blue green yellow black white brown grey gray purple pink orange_juice golden silver
good better best bad worse worst nice great fine happy sad glad sorry tired busy ready sure clear full empty
easy hard simple difficult quick slow fast late early quiet loud warm cold hot cool dry wet fresh clean dirty
safe dangerous strong weak heavy light_rain soft rough sharp smooth bright deep wide narrow short tall long_walk
beautiful lovely pretty ugly strange funny serious real true false special normal common rare local
national international personal private social friendly kind gentle brave proud careful honest
whole half main central final single double total average basic general particular certain possible likely
wonderful amazing awesome terrible awful excellent perfect fantastic brilliant cosy cozy busy_weekday
say says saying said tell tells telling told ask asks asking asked try tries trying tried feel feels feeling
felt leave leaves leaving left keep keeps keeping kept begin begins began seem seems seemed turn turns turning
turned put puts putting give gives giving gave given take takes taking took taken make makes making go goes
went gone get gets getting got see sees saw seen know knows knew known think thinks thought come comes came
look looks looking looked want wants wanted use uses using used find finds found work_together
call calls calling called need needs needed feel_free let lets mean means meant
fix fixed fixing break broke broken clean_up cleaned paint painted painting draw drawing drew carry carried
drive driving drove ride riding rode fly flying flew swim swam climb climbed sing sang dance danced dancing
laugh laughed cry smile smiled talk talked talking listen listened listening visit visited visiting travel
travelled traveling explore explored plant_seeds planted pick picked picking collect collected join joined
joining invite invited organise organize organised organized host hosted celebrate celebrated practice
practise practised improve improved teach taught study studied explain explained describe described
discuss discussed agree agreed disagree argue argued vote voted thank thanked welcome welcomed hope hoped
wish wished enjoy enjoyed miss missed forget forgot forgotten remember_when notice noticed check checked
look_forward catch caught throw threw kick kicked push pushed wash washed fill filled finish finished
order ordered deliver delivered borrow borrowed lend lent return returned repair repaired replace replaced
and_then but_also
very_much quite rather almost enough too also already always often sometimes usually never_again ever
perhaps maybe probably certainly definitely exactly simply really_good actually basically honestly
together alone around away across along behind below beside between beyond during inside outside near
without within against toward towards upon since until though although unless whether either neither
yes no please thanks thank_you hello hi okay ok
one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand
first second third fourth fifth last_time next_time once twice
Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
September October November December
north south east west northern southern eastern western left_side right_side top bottom middle edge corner
side front centre center
meeting meetings event events party parties wedding birthday dinner_party picnic barbecue market_stall
workshop workshops class classes lesson lessons course courses session sessions talk_tonight lecture
conference exhibition show_and_tell fair competition race races tournament league
photo_walk
problem problems solution solutions reason reasons result results example examples fact facts point points
case cases system systems process service services program_notes level levels rate rates type types kind_of
sort_of form forms line lines list lists note notes issue issues topic topics detail details step steps
piece pieces rule rules sign signs term terms view views voice_note
morning_coffee cup cups glass glasses bottle bottles plate plates bowl bowls pot pots pan pans spoon fork
table tables chair chairs bed beds door doors window windows wall walls floor floors roof roofs stairs
shelf shelves box boxes basket baskets bucket jar jars
bread_recipe
tool_shed shed fence gate pond stream waterfall cliff cave meadow orchard vineyard greenhouse allotment
compost soil mulch seedling seedlings tomato_plants raised_bed watering weeding pruning
knitting sewing quilting pottery woodwork carving sketching crochet embroidery weaving origami
chess puzzle puzzles cards dice tabletop miniatures campaign dungeon dragon dragons wizard quest
telescope planet planets galaxy comet meteor orbit eclipse astronomy
yoga pilates gym fitness workout training marathon sprint stretch stretching muscles injury recovery
diet protein vitamins sleep sleeping dream dreams
volunteer volunteers volunteering charity donation donations fundraiser neighbourhood neighborhood
council mayor election elections policy policies budget_meeting petition
language_exchange grammar vocabulary accent pronunciation translation dictionary phrase phrases
history_society archive archives museum_visit collection collections antique antiques vintage
guitar_lesson chord chords melody rhythm lyrics choir orchestra violin cello trumpet flute saxophone
podcast podcasts radio television channel channels newsletter magazine magazines newspaper article articles
blog blogs review reviews interview interviews opinion opinions
family_dinner grandparents toddler toddlers teenager teenagers school_run homework playground nursery
retirement pension career careers interview_tips salary promotion colleague colleagues boss
rescue shelter adoption puppy puppies kitten kittens vet leash collar
aquarium tank pond_life frog frogs turtle tortoise lizard snake
river_walk canal lock towpath ferry pier lighthouse dunes cliffs tide tides
sunrise sunset dawn dusk twilight
rainbow thunder lightning fog mist frost ice heatwave drought flood floods
repair_cafe bicycle_repair puncture chain gears brakes saddle helmet
electric solar panels heat_pump insulation boiler radiator thermostat
recycling rubbish waste plastic glass_jars compost_bin litter
question_time ask_me_anything
again_and_again step_by_step
mistake mistakes lesson_learned success failure progress goal goals habit habits routine routines
reminder reminders schedule calendar deadline deadlines
spreadsheet notebook notebooks pen pens pencil pencils paper ink
postcard parcel delivery van courier
bakery_queue croissant croissants bagel bagels muffin muffins scone scones pie pies tart jam honey
curry noodles dumplings sushi tacos burrito kebab falafel hummus lentils beans chickpeas tofu
spices cinnamon ginger turmeric cumin paprika basil mint parsley rosemary thyme
cider lemonade smoothie juice milk yogurt cream
walk walks walked walking hike hikes hiked hiking_boots summit ridge peak peaks slope slopes
campfire firewood sleeping_bag backpack compass
kayak canoe paddle rowing surf surfing wave waves
stadium arena pitch court referee coach captain goalkeeper striker
score scores scored goal_kick penalty season_ticket
rehearsal stage theatre theater play_reading audition costume costumes script actor actors
gallery painting_class canvas sketchbook watercolour watercolor acrylic charcoal
sculpture clay kiln glaze wheel
animation comic comics manga zine
keyboard_layout mechanical switches soldering circuit arduino raspberry sensor sensors robot robots
linux windows_update terminal script_kiddie compiler library_update framework frameworks
javascript python rust golang typescript java kotlin swift
frontend backend deploy deployed deployment container containers cloud_server backup backups
security privacy encryption login logout
open_day fun_run car_boot_sale quiz_night
trivia quiz quizzes riddle riddles joke jokes
memory memories childhood nostalgia
gratitude kindness patience courage honesty curiosity
anxiety stress burnout rest holiday_plans
anniversary celebration graduation reunion farewell
bus_route timetable delay delays strike strikes
pothole potholes streetlight pavement crossing
library_card borrowing overdue
allotment_shed beehive beekeeping hive honeycomb
mushroom mushrooms foraging blackberries elderflower nettles acorns
birdsong robin robins sparrow sparrows blackbird heron herons swan swans goose geese
badger hedgehog squirrel squirrels otter otters
moth moths beetle spider spiders ant ants
oak_tree willow birch cedar hedge hedges ivy moss fern ferns
pumpkin pumpkins squash courgette zucchini carrot carrots beetroot lettuce spinach kale cabbage
strawberry strawberries raspberry raspberries plum plums pear pears cherry cherries grape grapes
lemon_tree fig olive olives
sunflower sunflowers daisy daisies lavender poppy poppies bluebell bluebells lily
frame frames portrait landscape landscapes lens lenses tripod exposure focus zoom
print prints framing album_cover
vinyl record records turntable speaker speakers headphones playlist playlists
documentary documentaries thriller comedy drama horror fantasy mystery romance
chapter_one sequel trilogy author_talk bookshop bookshops poetry essay essays
crossword crosswords sudoku jigsaw
cycling_club running_club walking_group swimming_pool
tennis_court golf bowling darts snooker pool_table
ice_rink skating sledging snowman
kite kites balloon balloons fireworks bonfire lantern_parade
market_square town_hall high_street corner_shop post_office
bus_driver taxi taxis parking traffic cyclists pedestrians
neighbour_dispute noise noisy quietly loudly slowly quickly carefully gently easily
suddenly finally recently lately soon eventually immediately
interesting boring exciting surprising confusing amazing_view
helpful useful useless important_question silly clever wise curious
hungry thirsty sleepy sick healthy
anyone everyone someone nobody anybody everybody somebody
anything everything nothing somewhere everywhere nowhere anywhere
whatever whenever wherever however whoever
why which_one whose whom
mine yours ours theirs myself yourself himself herself itself ourselves themselves
shall might must ought cannot
`;

/** Kept out of the vocabulary: the bench counts the documents they are in (scale-text.ts `SCALE_MARKERS`). */
export const SCALE_MARKER_WORDS = [
  'quokka',
  'weekend',
  'weekends',
  'harvest',
  'moon',
  'photograph',
  'photographer',
  'photography',
  'photographic',
];

/** First and last names for the scale people's display names (100 × 100). */
export const SCALE_FIRST_NAMES = `Maya Liam Olivia Noah Emma Oliver Ava Elijah Sophia Lucas Isabella Mason Mia Ethan Amelia Logan Harper
James Evelyn Aiden Abigail Jackson Emily Sebastian Ella Jack Elizabeth Owen Camila Samuel Luna Matthew Sofia Leo
Avery Daniel Mila David Aria Henry Scarlett Joseph Penelope Levi Layla Wyatt Chloe Carter Victoria Julian Madison
Luke Eleanor Grayson Grace Isaac Nora Jayden Riley Theo Zoey Gabriel Hannah Anthony Hazel Dylan Lily Leon Ellie
Thomas Violet Charles Lillian Chris Zara Aaron Stella Eli Aurora Adam Natalie Ryan Emilia Nathan Everly Caleb Leah
Isaiah Aubrey Josiah Willow Andrew Addison Hunter Lucy Amir Audrey Ravi Priya Kenji Yuki Tomasz Agnieszka`;
export const SCALE_LAST_NAMES = `Chen Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel
Myers Long Ross Foster Kowalski Tanaka`;
