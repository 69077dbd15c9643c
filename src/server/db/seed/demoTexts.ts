/** Long-form demo texts: what a pass includes, and the terms and privacy agreements (ids 3 and 2). */
export const subscriptions = [
  {
    id: 1,
    title: 'Show Pass',
    description:
      '<ul><li>The live broadcast and a 30-day replay</li><li>Up to nine camera angles, switch any time</li>' +
      '<li>HD streaming on phone, tablet, computer or TV</li><li>Watch on up to two devices at once</li></ul>',
  },
  {
    id: 2,
    title: 'Festival Pass',
    description:
      '<ul><li>Every set of the main stage, live and on demand for 60 days</li>' +
      '<li>Up to nine camera angles, including the crowd and backstage</li><li>HD streaming on any device</li></ul>',
  },
];

export const agreements = [
  {
    id: 3,
    label: 'Terms of Use',
    description: `<p>These terms govern your use of the AllAccess storefront and player. By creating an account,
buying a pass or watching a show, you accept them.</p>
<h2>1. Your pass</h2>
<p>A pass (ticket) gives one person access to one event. It is registered to your account and may not be resold,
shared or transferred. You may watch on up to two devices at the same time.</p>
<h2>2. Live and on-demand shows</h2>
<p>Live shows start at the broadcast time shown on the event page. If a live broadcast is cancelled, you will be
offered a refund or a pass to the rescheduled show. On-demand shows stay available for the period stated in
“What's included”.</p>
<h2>3. Payments and refunds</h2>
<p>Prices are shown in US dollars and include applicable fees. Payments are processed by our payment provider;
we never see or store your full card number. Refunds are available until a show begins, and afterwards if a
broadcast fails for reasons on our side.</p>
<h2>4. Acceptable use</h2>
<p>Do not record, rebroadcast or share streams, circumvent access controls, or interfere with the service.</p>
<h2>5. Contact</h2>
<p>Questions about these terms: support@allaccess.live.</p>`,
  },
  {
    id: 2,
    label: 'Privacy Policy',
    description:
      `<p>This policy explains what we collect when you use AllAccess, why, and the choices you have.</p>
<h2>What we collect</h2>
<ul><li>Your name and e-mail address, to create your account and send your passes.</li>
<li>Your orders, so you can watch what you bought and see your history.</li>
<li>Technical data (device type, approximate location from IP address), to keep the service secure and ` +
      `working.</li></ul>
<h2>What we do not collect</h2>
<p>We do not receive your full card details: payments are handled by our payment provider.</p>
<h2>How long we keep it</h2>
<p>Account data is kept while your account is open; order records for as long as tax law requires.</p>
<h2>Your rights</h2>
<p>You can ask for a copy of your data, its correction or its deletion at privacy@allaccess.live.</p>`,
  },
];
