/**
 * The demo catalog's events: fictional artists, venues and cities. Air dates are offsets from the
 * moment of seeding (days, at 20:00 New York time) so there is always something upcoming, something
 * live soon and something past. Palettes colour the generated posters.
 */
export type DemoEvent = {
  path: string;
  title: string;
  label: string;
  city: string;
  venue: string;
  dayOffset: number;
  premium: boolean;
  price?: number;
  live: boolean;
  capacity?: number;
  palette: [string, string, string];
  blurb: string;
  setlist: string[];
};

export const demoEvents: DemoEvent[] = [
  {
    path: 'neon-harbor-tidal-lights',
    title: 'Neon Harbor: Tidal Lights Tour',
    label: 'Synth-pop',
    city: 'Portland, OR',
    venue: 'The Lantern Hall',
    dayOffset: 3,
    premium: true,
    price: 14.99,
    live: true,
    palette: ['#ff3d7f', '#7b2ff7', '#0b0a12'],
    blurb:
      'Neon Harbor bring their wall of analog synths and a lighting rig built from salvaged ship lanterns to the ' +
      'city where it all started.',
    setlist: ['Low Tide Radio', 'Lanternfish', 'Saltwater Static', 'Harbor Lights (extended)'],
  },
  {
    path: 'echo-parade-arena-night',
    title: 'Echo Parade: Arena Night',
    label: 'Alternative rock',
    city: 'Chicago, IL',
    venue: 'Lakeshore Arena',
    dayOffset: 10,
    premium: true,
    price: 19.99,
    live: true,
    palette: ['#ffb74d', '#ff5252', '#1a0f0a'],
    blurb:
      'Twenty thousand voices, four guitars and a drummer who never sits still: Echo Parade play the biggest room of ' +
      'their career.',
    setlist: ['Paper Crowns', 'Northbound', 'Glass Houses', 'Echo (reprise)'],
  },
  {
    path: 'amber-radio-intimate-evening',
    title: 'Amber Radio: An Intimate Evening',
    label: 'Soul',
    city: 'Los Angeles, CA',
    venue: 'The Palms Room',
    dayOffset: 21,
    premium: true,
    price: 24.99,
    live: true,
    capacity: 5,
    palette: ['#f9a825', '#d84315', '#140c05'],
    blurb:
      'Only a handful of passes for a candle-lit set in a ninety-seat room. Amber Radio play their debut album front ' +
      'to back.',
    setlist: ['Slow Burn', 'Golden Hour', 'Radio Silence', 'Come Home'],
  },
  {
    path: 'saltwater-hymns-finale',
    title: 'Saltwater Hymns: Coastline Tour Finale',
    label: 'Folk',
    city: 'Seattle, WA',
    venue: 'Pier 9 Pavilion',
    dayOffset: 35,
    premium: true,
    price: 16,
    live: true,
    palette: ['#4dd0e1', '#1e88e5', '#06111a'],
    blurb:
      'The last night of a forty-date tour, on a pier over the Sound, with a string section and a choir of friends.',
    setlist: ['Driftwood', 'Lighthouse Keeper', 'Coastline', 'Hymn for the Tide'],
  },
  {
    path: 'midnight-brass-club',
    title: 'Midnight Brass Club',
    label: 'Brass band',
    city: 'Brooklyn, NY',
    venue: 'Dockside Club',
    dayOffset: 1,
    premium: false,
    live: true,
    palette: ['#ffd54f', '#8d6e63', '#120d07'],
    blurb: 'A free late-night broadcast from the club where eleven horns fit on a stage built for four.',
    setlist: ['Second Line', 'Smoke Signals', 'Brooklyn Bounce'],
  },
  {
    path: 'kite-theory-rooftop-set',
    title: 'Kite Theory Rooftop Set',
    label: 'Electronic',
    city: 'Miami, FL',
    venue: 'Skyline Terrace',
    dayOffset: -2,
    premium: true,
    price: 7.99,
    live: true,
    palette: ['#00e5ff', '#ff4081', '#05101a'],
    blurb:
      'A sunset-to-midnight set on a rooftop above Biscayne Bay, filmed from nine cameras including one on a kite.',
    setlist: ['Updraft', 'Tether', 'Cloudbreak', 'Night Wind'],
  },
  {
    path: 'velvet-static-unplugged',
    title: 'The Velvet Static — Unplugged',
    label: 'Indie rock',
    city: 'Austin, TX',
    venue: 'Cedar Room',
    dayOffset: -20,
    premium: true,
    price: 9.99,
    live: false,
    palette: ['#ce93d8', '#6a1b9a', '#0f0714'],
    blurb: 'Stripped back to two acoustic guitars, a cello and a room full of friends.',
    setlist: ['Velvet', 'Static Bloom', 'Cedar', 'Last Call'],
  },
  {
    path: 'ironwood-symphony-the-planets',
    title: 'Ironwood Symphony: The Planets',
    label: 'Classical',
    city: 'Boston, MA',
    venue: 'Harborview Hall',
    dayOffset: -60,
    premium: true,
    price: 12,
    live: false,
    palette: ['#90caf9', '#3949ab', '#070a17'],
    blurb: 'Holst’s suite with a hundred players and a camera on every section, from Mars to Neptune.',
    setlist: ['Mars', 'Venus', 'Jupiter', 'Neptune'],
  },
  {
    path: 'glass-canyon-desert-echoes',
    title: 'Glass Canyon: Desert Echoes',
    label: 'Psychedelic',
    city: 'Tucson, AZ',
    venue: 'Saguaro Amphitheater',
    dayOffset: -90,
    premium: true,
    price: 11.5,
    live: false,
    palette: ['#ff8a65', '#6d4c41', '#160b06'],
    blurb: 'A long, loud evening under the desert stars, with a light show projected onto the canyon wall.',
    setlist: ['Mirage', 'Dust Devil', 'Glass Canyon', 'Echoes'],
  },
  {
    path: 'pulse-district-festival-main-stage',
    title: 'Pulse District Festival: Main Stage',
    label: 'Festival',
    city: 'San Diego, CA',
    venue: 'Harbor Fields',
    dayOffset: -120,
    premium: true,
    price: 29.99,
    live: false,
    palette: ['#b2ff59', '#00bfa5', '#041210'],
    blurb: 'Eight hours of the main stage: six acts, one sunset and the biggest crowd the festival has seen.',
    setlist: ['Opening: Kite Theory', 'Echo Parade', 'Neon Harbor', 'Closing: Pulse All-Stars'],
  },
  {
    path: 'marisol-vega-quartet',
    title: 'Marisol Vega Quartet at Blue Cellar',
    label: 'Jazz',
    city: 'New Orleans, LA',
    venue: 'Blue Cellar',
    dayOffset: -45,
    premium: false,
    live: false,
    palette: ['#64b5f6', '#283593', '#050814'],
    blurb: 'A free set from a basement club where the piano is older than the building.',
    setlist: ['Blue Cellar', 'Vega Waltz', 'Frenchmen Street'],
  },
  {
    path: 'sunday-choir-sessions',
    title: 'Sunday Choir Sessions',
    label: 'Gospel',
    city: 'Atlanta, GA',
    venue: 'Grace Street Chapel',
    dayOffset: -7,
    premium: false,
    live: false,
    palette: ['#fff176', '#f57f17', '#141005'],
    blurb: 'Forty voices, one Hammond organ, and a chapel that shakes.',
    setlist: ['Rise Up', 'Morning Light', 'Grace Street'],
  },
  {
    path: 'lowlands-bluegrass-revival',
    title: 'Lowlands Bluegrass Revival',
    label: 'Bluegrass',
    city: 'Nashville, TN',
    venue: 'The Porch',
    dayOffset: -30,
    premium: false,
    live: false,
    palette: ['#aed581', '#558b2f', '#0a1205'],
    blurb: 'Banjos, a stand-up bass and a porch full of pickers playing till the fireflies come out.',
    setlist: ['Lowlands', 'Muddy Creek', 'Fireflies'],
  },
  {
    path: 'nova-kids-matinee',
    title: 'Nova Kids Matinee',
    label: 'Family',
    city: 'Denver, CO',
    venue: 'Foothills Playhouse',
    dayOffset: -14,
    premium: false,
    live: false,
    palette: ['#80deea', '#ffab40', '#061214'],
    blurb: 'A sing-along matinee for small people and the grown-ups who bring them.',
    setlist: ['Count the Stars', 'Moon Boots', 'Goodnight Nova'],
  },
];
