import type { HcArticleId, HcLocaleContent } from './structure.ts'

const link = (id: HcArticleId) => `/hc/en-gb/articles/${id}`

/** The help centre in British English: the source every translation follows. */
export const EN_GB: HcLocaleContent = {
  categories: {
    1: {
      name: 'Volunteering',
      description:
        'How broadband studies work, who takes part, what happens to your data and how to leave.',
    },
    2: {
      name: 'Your Whitebox',
      description: 'Setting up your Whitebox, what its lights mean, moving house and returning it.',
    },
    3: {
      name: 'Your account',
      description:
        'Signing in, resetting your password, language, email preferences and deleting your account.',
    },
    4: {
      name: 'Our tests',
      description: 'What your Whitebox measures, when it tests and how much data it uses.',
    },
    5: {
      name: 'Troubleshooting',
      description: 'What to do when your Whitebox is offline or your results look wrong.',
    },
  },
  sections: {
    11: { name: 'About the studies', description: 'What a study is and who is invited to join.' },
    12: { name: 'Your privacy', description: 'What we collect, and how results are published.' },
    13: {
      name: 'Changing your mind',
      description: 'Your sign-up status, and leaving a study at any time.',
    },
    21: { name: 'Setting up', description: 'From the box to your first results.' },
    22: {
      name: 'Living with your Whitebox',
      description: 'Moving house, changing provider and sending it back.',
    },
    31: { name: 'Signing in', description: 'Getting into your dashboard, and getting back in.' },
    32: { name: 'Preferences', description: 'Language, emails and the app on your phone.' },
    33: { name: 'Your data', description: 'Closing your account and removing your details.' },
    41: { name: 'How testing works', description: 'When tests run and what they cost you.' },
    42: { name: 'What we measure', description: 'Each test on your dashboard, explained.' },
    51: {
      name: 'Offline or quiet',
      description: 'Your Whitebox is not reporting: the checks that fix most cases.',
    },
    52: {
      name: 'Results look wrong',
      description: 'Slow results, Wi-Fi comparisons and refused instant tests.',
    },
  },
  articles: {
    1101: {
      title: 'How Whitebox studies work',
      body: `<p>A Whitebox study measures the broadband that people actually receive at home. Regulators and public bodies run these studies to compare providers fairly and to publish independent figures, so that everyone can choose a package with real evidence rather than advertised speeds.</p>
<h2>What you do</h2>
<ol>
<li>Sign up on your study's page with your address, your provider and your package.</li>
<li>If you are selected, we confirm where to send your Whitebox and post it to you free of charge.</li>
<li>Plug it into your router with the cable in the box and switch it on. That is all the setting up there is.</li>
<li>Sign in to your dashboard whenever you like to see your own results.</li>
</ol>
<h2>What your Whitebox does</h2>
<p>Your Whitebox is a small measuring unit. Throughout the day and night it runs short tests of speed, latency, packet loss, DNS, web browsing, video streaming and gaming, and it notices when your connection drops. It waits while your household is busy online, so you should not notice it.</p>
<h2>What happens with the results</h2>
<p>Results from thousands of homes are combined by provider, package and region. The study's reports publish those combined figures; they never name you or show your address. See <a href="${link(1202)}">How your results are used and published</a>.</p>
<p>You can leave at any time: see <a href="${link(1301)}">Leaving a study</a>.</p>`,
    },
    1102: {
      title: 'Who is selected to take part',
      body: `<p>Many more people sign up than there are Whiteboxes, so not everyone who applies is selected straight away. Selection is not first come, first served: each study needs a panel that looks like the country's broadband market.</p>
<h2>How we choose</h2>
<p>We compare every application with the places still open in the panel. The main factors are:</p>
<ul>
<li><strong>Your provider and package.</strong> Each study needs enough homes on each major provider and speed tier to publish reliable figures for it.</li>
<li><strong>Where you live.</strong> Regions and towns are balanced so that city and rural results are both represented.</li>
<li><strong>Your connection type.</strong> Some studies focus on a technology, for example fixed-line fibre. The sign-up page says so when that is the case.</li>
</ul>
<h2>What your status means</h2>
<p>After you apply, your status is <strong>signed up</strong>. If the places for your provider or area are full, you move to the <strong>waiting list</strong>; we keep your application and look again whenever panel members leave or the study grows. When you are <strong>selected</strong>, we email you to confirm your delivery address, and the status becomes <strong>shipping</strong> once your Whitebox is on its way.</p>
<p>Being on the waiting list does not mean anything is wrong with your application. You can check your status on your profile: see <a href="${link(1302)}">Your sign-up status explained</a>.</p>`,
    },
    1103: {
      title: 'What it costs and what you receive',
      body: `<p>Taking part is free. The study pays for the Whitebox, its delivery and its return, and there is no contract or subscription to sign.</p>
<h2>In the box</h2>
<ul>
<li>the Whitebox measuring unit;</li>
<li>a power adapter;</li>
<li>a short network cable to connect it to your router;</li>
<li>a quick-start card with your unit's serial number, which starts with <code>WB</code>.</li>
</ul>
<p>Keep the box and packaging if you can: they make a return easier later on.</p>
<h2>Running costs</h2>
<p>The Whitebox uses about as much electricity as a phone charger left plugged in, which costs very little over a year. Its tests use some of your broadband data; on an unlimited package this makes no difference. If your package has a monthly allowance, read <a href="${link(4102)}">How much data tests use</a> before you plug it in.</p>
<h2>What you get</h2>
<ul>
<li>your own dashboard showing how your connection performs, hour by hour;</li>
<li>optional alerts when your connection drops or slows down for a long time;</li>
<li>monthly report cards summarising your results;</li>
<li>evidence you can show your provider if your service is not what you pay for.</li>
</ul>
<p>Most of all, you help make independent broadband figures more accurate for everyone in your country.</p>`,
    },
    1201: {
      title: 'What data your Whitebox collects',
      body: `<p>Your Whitebox measures your connection, not you. It does not see which websites you visit, what you watch or what you type, and it has no microphone or camera.</p>
<h2>What it records</h2>
<ul>
<li>the results of its own tests: speeds, latency, packet loss, DNS and web loading times, video and gaming performance;</li>
<li>when your connection drops and comes back;</li>
<li>the <strong>amount</strong> of other traffic on your network, counted in bytes only, so that it can postpone tests while you are busy. It never looks inside that traffic;</li>
<li>technical details of the unit itself, such as its software version and when it was last seen.</li>
</ul>
<h2>What we hold about you</h2>
<p>From your sign-up we keep your name, email address, phone number if you gave one, installation and delivery addresses, and your provider and package. We need these to send the Whitebox, to match your results to the right provider and region, and to contact you about the study.</p>
<h2>Who can see it</h2>
<p>Your own results are visible to you on your dashboard and to the study team. Your name, email and address are never published and never shared with your provider for marketing. To see, correct or delete what we hold, send us a request from this help centre; see also <a href="${link(3301)}">Deleting your account</a>.</p>`,
    },
    1202: {
      title: 'How your results are used and published',
      body: `<p>The point of a study is to publish independent, comparable figures about broadband performance. Your results are one piece of a much bigger picture.</p>
<h2>How results are combined</h2>
<p>Before anything is published, results are grouped by provider, package or speed tier and region, and summarised, for example as the average download speed at peak time. A group is only published when it contains enough homes for individual households to be impossible to pick out.</p>
<h2>What gets published</h2>
<ul>
<li>reports from the organisation that runs your study, usually once or twice a year;</li>
<li>charts and tables comparing providers at different times of day;</li>
<li>in some studies, open data sets of anonymised test results, with no names, addresses or unit locations finer than a region.</li>
</ul>
<h2>What never gets published</h2>
<ul>
<li>your name, email, phone number or address;</li>
<li>the results of one identifiable household;</li>
<li>anything about what you do online, because the Whitebox never sees it.</li>
</ul>
<h2>Your own results</h2>
<p>Your dashboard shows your results to you alone. You may share them, for example with your provider when you report a fault: they are your evidence to use as you wish.</p>
<p>The study's report page, linked from its sign-up page, lists past reports.</p>`,
    },
    1301: {
      title: 'Leaving a study',
      body: `<p>You can leave a study at any time, for any reason, and you do not need to explain why. We are grateful for every month of results you have contributed.</p>
<h2>Before you leave</h2>
<p>If something is bothering you, it may be easy to fix:</p>
<ul>
<li>worried about data use? See <a href="${link(4102)}">How much data tests use</a>;</li>
<li>moving house? You can take your Whitebox with you: see <a href="${link(2201)}">Moving house with a Whitebox</a>;</li>
<li>too many emails? Change your <a href="${link(3202)}">email preferences</a> instead.</li>
</ul>
<h2>How to leave</h2>
<ol>
<li>Send us a request from this help centre with the subject <strong>Leaving the study</strong>, using the email address you signed up with.</li>
<li>We reply within five working days with a prepaid returns label and instructions.</li>
<li>Unplug your Whitebox, pack it with its power adapter and post it back. See <a href="${link(2203)}">Returning your Whitebox</a>.</li>
</ol>
<p>If you have only applied and have not received a Whitebox yet, we simply withdraw your application.</p>
<h2>What happens to your data</h2>
<p>Once we have your Whitebox back, we close your dashboard. Results already collected stay in the study's combined figures, without your name or address. If you also want your account and personal details deleted, say so in your request: see <a href="${link(3301)}">Deleting your account</a>.</p>`,
    },
    1302: {
      title: 'Your sign-up status explained',
      body: `<p>After you apply to join a study, you can follow your application on your <strong>profile</strong> page once you have signed in. The status at the top of the page tells you where things stand.</p>
<h2>The statuses</h2>
<ul>
<li><strong>Signed up</strong>: we have your application and will review it against the places open in the study.</li>
<li><strong>Waiting list</strong>: the places for your provider, package or area are full for now. We keep your application and look again whenever a place opens.</li>
<li><strong>Selected</strong>: you are in. We email you to confirm the address your Whitebox should be delivered to.</li>
<li><strong>Shipping</strong>: your Whitebox is on its way. Plug it in when it arrives: see <a href="${link(2101)}">Setting up your Whitebox</a>.</li>
</ul>
<h2>Changing your details</h2>
<p>Until your Whitebox ships, you can correct your personal details, installation and delivery addresses, and your broadband provider and package on your profile. Keeping them accurate matters: we select volunteers by provider and area.</p>
<p>Once the status is <strong>shipping</strong>, the details can no longer be edited, because the parcel and your place in the panel are already arranged. If something is wrong at that stage, send us a request straight away and we will sort it out with the courier.</p>
<h2>How long it takes</h2>
<p>Most applications are reviewed within a few weeks. Time on the waiting list varies with how many places open up, from weeks to several months.</p>`,
    },
    2101: {
      title: 'Setting up your Whitebox',
      body: `<p>Setting up takes about five minutes and needs no technical knowledge. There is nothing to install on your computer or phone.</p>
<h2>You will need</h2>
<ul>
<li>your Whitebox, its power adapter and the network cable from the box;</li>
<li>a free network port (often yellow, labelled LAN or 1 to 4) on the back of your router;</li>
<li>a free power socket near the router.</li>
</ul>
<h2>Steps</h2>
<ol>
<li>Connect one end of the network cable to the Whitebox and the other to a free LAN port on your router. Do not use the port labelled WAN, Internet or DSL.</li>
<li>Plug the power adapter into the Whitebox and the wall socket, then switch it on at the wall.</li>
<li>Wait about ten minutes. The Whitebox starts up, checks for a software update and contacts our servers. See <a href="${link(2103)}">What the lights mean</a>.</li>
<li>Sign in to your dashboard. Your unit appears as online and the first results arrive within a few hours.</li>
</ol>
<h2>Good to know</h2>
<ul>
<li>Leave it switched on all the time. Results taken at every hour of the day are what make the study fair.</li>
<li>You can keep using your router's other ports and your Wi-Fi as normal.</li>
<li>No settings need to change on your router.</li>
</ul>
<p>If your dashboard still shows the unit as offline after an hour, follow <a href="${link(5101)}">My Whitebox shows as offline</a>.</p>`,
    },
    2102: {
      title: 'Where to plug in your Whitebox',
      body: `<p>Your Whitebox must be connected <strong>by cable</strong> directly to the router your provider gave you, or to the main router if you bought your own. It cannot connect by Wi-Fi, and that is deliberate: it measures the connection coming into your home, not your wireless network.</p>
<h2>The right port</h2>
<ul>
<li>Use a LAN port, usually numbered or labelled LAN or Ethernet.</li>
<li>Do not use the WAN, Internet, DSL or fibre port: that is where your provider's line comes in.</li>
<li>If all ports are taken, unplug a device that can use Wi-Fi instead, or add a simple network switch and tell us in a request.</li>
</ul>
<h2>Homes with more than one box</h2>
<ul>
<li><strong>Fibre with a separate modem (ONT):</strong> connect the Whitebox to the router, not to the fibre box on the wall.</li>
<li><strong>Mesh Wi-Fi systems:</strong> connect it to the main unit, the one wired to your provider's line, not to a satellite.</li>
<li><strong>Powerline adapters and Wi-Fi extenders:</strong> avoid them. They add their own slowdowns and would make your results look worse than your line really is.</li>
</ul>
<h2>Where to put it</h2>
<p>Anywhere the cable reaches: on a shelf or on the floor, in any orientation. Keep the vents clear and away from radiators. It is silent and its lights are dim.</p>
<p>If you change routers later, move the Whitebox to the new one: see <a href="${link(5102)}">I changed my router</a>.</p>`,
    },
    2103: {
      title: 'What the lights mean',
      body: `<p>The front of your Whitebox has three lights. Together they tell you whether it is working, without signing in.</p>
<h2>Power</h2>
<ul>
<li><strong>Steady green:</strong> switched on.</li>
<li><strong>Off:</strong> no power. Check the adapter and the socket switch.</li>
</ul>
<h2>Network</h2>
<ul>
<li><strong>Steady green:</strong> connected to your router.</li>
<li><strong>Flickering:</strong> data is moving, usually a test in progress. This is normal.</li>
<li><strong>Off:</strong> no cable connection. Check both ends of the cable and try another router port.</li>
</ul>
<h2>Status</h2>
<ul>
<li><strong>Steady blue:</strong> all well, in touch with our servers.</li>
<li><strong>Slow blue flashing:</strong> starting up, or waiting because your household is using the connection.</li>
<li><strong>Amber flashing:</strong> installing a software update. Do not unplug it; this takes up to 15 minutes.</li>
<li><strong>Steady amber:</strong> connected to the router, but it cannot reach the internet or our servers.</li>
</ul>
<h2>Usual patterns</h2>
<p>Right after you switch it on, the status light flashes for a few minutes, then turns steady blue. If it stays amber for more than 30 minutes, check that other devices in your home can reach the internet, then restart the router and the Whitebox. If that does not help, see <a href="${link(5101)}">My Whitebox shows as offline</a>.</p>`,
    },
    2201: {
      title: 'Moving house with a Whitebox',
      body: `<p>Moving home does not mean leaving the study. In most cases you can take your Whitebox with you and keep going.</p>
<h2>Before you move</h2>
<ol>
<li>Send us a request from this help centre with your moving date and your new address.</li>
<li>Tell us your new provider and package if they change. The study may need a different mix of providers, so occasionally we ask you to return the unit instead.</li>
<li>On moving day, unplug the Whitebox and pack it with its power adapter and cable.</li>
</ol>
<h2>After you move</h2>
<ol>
<li>Wait until your new broadband is working on your other devices.</li>
<li>Connect the Whitebox to the new router with a cable, as on the first day: see <a href="${link(2101)}">Setting up your Whitebox</a>.</li>
<li>Check that your installation address is correct under <strong>Settings</strong>, <strong>Personal details</strong>.</li>
<li>If your provider or package changed, update <strong>Broadband details</strong> with the date of the change: see <a href="${link(2202)}">Changing your provider or package</a>.</li>
</ol>
<h2>Why the address matters</h2>
<p>Results are grouped by region, so results from your new home must not be counted in the old area. The dates you give us let us split your history correctly.</p>
<p>The gap while you move shows on your dashboard as your Whitebox being offline. That is expected, and it does not count against your provider.</p>
<p>If you are moving abroad, or to a home without fixed broadband, the study cannot use the unit there; please return it: see <a href="${link(2203)}">Returning your Whitebox</a>.</p>`,
    },
    2202: {
      title: 'Changing your provider or package',
      body: `<p>Your results are compared with the package you pay for, so keeping your broadband details up to date makes your dashboard and the study's figures accurate.</p>
<h2>When to update</h2>
<ul>
<li>you switched to another provider;</li>
<li>you upgraded or downgraded your package, even with the same provider;</li>
<li>your provider moved you to a new technology, for example from copper to fibre.</li>
</ul>
<h2>How to update</h2>
<ol>
<li>Sign in and open <strong>Settings</strong>, then <strong>Broadband details</strong>.</li>
<li>Choose <strong>Update</strong>.</li>
<li>Pick your provider, then your package from the list.</li>
<li>Enter the date the change took effect, not the date you ordered it.</li>
<li>Save. Results from that date onwards are compared with the new package.</li>
</ol>
<p>If your package is not in the list, choose the closest one and send us a request with the exact name from your bill; we add missing packages regularly.</p>
<h2>If your router changes too</h2>
<p>A new provider usually sends a new router. Move the Whitebox cable to the new router as soon as the new service works: see <a href="${link(5102)}">I changed my router</a>.</p>
<h2>Changes you cannot make yourself</h2>
<p>If the update option is missing, your study manages packages centrally; send us a request with the new details and the date, and we will change them for you.</p>`,
    },
    2203: {
      title: 'Returning your Whitebox',
      body: `<p>The Whitebox remains the property of the study, so we ask for it back when you leave or when the study ends. Returning it is free.</p>
<h2>How to return it</h2>
<ol>
<li>Send us a request from this help centre saying you want to return your Whitebox. If you are leaving the study, say so in the same request.</li>
<li>We email you a prepaid returns label, or a drop-off code in countries where parcels are returned through a post office or a locker.</li>
<li>Unplug the Whitebox and its power adapter. You may keep the network cable.</li>
<li>Pack them in the original box if you still have it, or any sturdy box with some padding.</li>
<li>Attach the label and drop the parcel off within 14 days.</li>
</ol>
<h2>Good to know</h2>
<ul>
<li>You do not need to reset or wipe the Whitebox. It holds no personal data, only test results that have already been sent to us.</li>
<li>Write down the serial number printed on the label, starting with <code>WB</code>, before you seal the box, and keep your proof of postage until we confirm receipt.</li>
<li>Lost or damaged units: tell us honestly. We do not charge volunteers for accidents.</li>
</ul>
<h2>After we receive it</h2>
<p>We email you to confirm. Your dashboard stays available for 30 days so you can look back at your results, then closes unless you asked us to delete your account earlier: see <a href="${link(3301)}">Deleting your account</a>.</p>`,
    },
    3101: {
      title: 'Signing in to your dashboard',
      body: `<p>Your dashboard shows the results from your own Whitebox. Sign in with the email address you used to sign up and the password you chose.</p>
<h2>How to sign in</h2>
<ol>
<li>Open the Whitebox website or the installed app and choose <strong>Sign in</strong>.</li>
<li>Enter your email and password.</li>
<li>You land on your dashboard, on the <strong>Whitebox tests</strong> tab.</li>
</ol>
<p>Before your Whitebox arrives, signing in takes you to your profile, where you can follow your application.</p>
<h2>Staying signed in</h2>
<p>You stay signed in on your device until you sign out, even without a connection: the dashboard then shows the results it last downloaded and says how old they are. On a shared computer, always sign out from the account menu when you finish.</p>
<h2>If it does not work</h2>
<ul>
<li><strong>Wrong email or password:</strong> check for typing mistakes and that Caps Lock is off, or reset your password: see <a href="${link(3102)}">Resetting your password</a>.</li>
<li><strong>Account locked or password expired:</strong> see <a href="${link(3103)}">Locked or expired accounts</a>.</li>
<li><strong>A notice says sign-in has moved:</strong> some studies moved their dashboards to a partner platform. Follow the link in the notice and sign in there.</li>
<li><strong>Single sign-on:</strong> a few organisations sign in through their own company page. Use the address your organisation gave you.</li>
</ul>
<p>Your dashboard address works on phones, tablets and computers. You can also <a href="${link(3203)}">install it as an app</a>.</p>`,
    },
    3102: {
      title: 'Resetting your password',
      body: `<p>If you have forgotten your password, you can choose a new one in a couple of minutes. You need access to the email address your account uses.</p>
<h2>Steps</h2>
<ol>
<li>On the sign-in page, choose <strong>Forgot your password?</strong></li>
<li>Enter the email address of your account and send the form.</li>
<li>Open the email we send you and follow the link in it. The link works once and expires after one hour.</li>
<li>Choose a new password, type it twice, and save.</li>
<li>Sign in with the new password.</li>
</ol>
<h2>Choosing a strong password</h2>
<p>Your password must be 10 to 128 characters long and use at least three of these: lower-case letters, capital letters, numbers and symbols. A short sentence of four or five unrelated words is long, strong and easy to remember. Do not reuse the password of another site.</p>
<h2>No email arrived?</h2>
<ul>
<li>Wait five minutes and check your spam or junk folder.</li>
<li>If the page says no account uses that address, you may have signed up with another one: try your other email addresses.</li>
<li>If the link says it is invalid or already used, request a new email and use the most recent one.</li>
</ul>
<h2>Changing a password you know</h2>
<p>When signed in, open <strong>Settings</strong>, <strong>Personal details</strong>, <strong>Password</strong>. Changing it signs you out on your other devices, which is useful if you think someone else knows your password.</p>`,
    },
    3103: {
      title: 'Locked or expired accounts',
      body: `<p>To protect your results and personal details, your account is locked for a while after several wrong passwords, and in some studies passwords must be changed regularly.</p>
<h2>Locked after wrong passwords</h2>
<p>When only a few attempts remain, the sign-in page warns you. If you go on, the account is locked and the page tells you for how many minutes. Repeated locks can become permanent.</p>
<ul>
<li>Wait until the time shown has passed, then sign in carefully.</li>
<li>If you are not sure of your password, do not keep guessing: reset it instead. See <a href="${link(3102)}">Resetting your password</a>.</li>
<li>If the page says the lock is permanent, send us a request from this help centre and we will unlock it after checking it is you.</li>
</ul>
<h2>Password expired</h2>
<p>Some studies ask for a new password after a set number of days. When yours has expired, signing in takes you to a page where you choose a new password straight away. Your results and settings are kept; only the password changes.</p>
<h2>Account not supported</h2>
<p>If the page says your account cannot use this site, the account may have been disabled or may belong to a different service. Send us a request with the email address you use and we will check.</p>
<h2>Did you not try to sign in?</h2>
<p>A lock you did not cause may mean someone tried to guess your password. Choose a new, unique password once you are back in.</p>`,
    },
    3201: {
      title: 'Changing the language',
      body: `<p>Whitebox is available in English, Arabic and French. The dashboard, the emails we send and this help centre follow the language you choose.</p>
<h2>How to change it</h2>
<ul>
<li><strong>Signed in:</strong> open the account menu, find <strong>Language</strong> and pick one.</li>
<li><strong>Not signed in:</strong> use the <strong>Language</strong> picker on the sign-in page or the sign-up form.</li>
</ul>
<p>The change applies at once, without reloading. In Arabic, pages read from right to left.</p>
<h2>Where your choice is kept</h2>
<p>Your device remembers the language, so it stays the same next time, even offline. When you are signed in, it is also saved to your account, so your other devices and our emails use it too.</p>
<h2>In this help centre</h2>
<p>Every article is written in all three languages. If an article has not been translated yet, it is shown in English until the translation is ready. The language code in the address of a help page, such as <code>/hc/fr-ca/</code>, shows which language you are reading.</p>
<h2>Dates and numbers</h2>
<p>Dates, times and numbers follow the conventions of the language you choose. Speeds are always in megabits per second (Mbps) and latency in milliseconds (ms).</p>
<p>Something reads badly in your language? Tell us with a request; we are glad of the feedback.</p>`,
    },
    3202: {
      title: 'Email preferences and alerts',
      body: `<p>You decide which emails you get from us. Messages about your account, such as password resets, are always sent; everything else is optional.</p>
<h2>What you can receive</h2>
<ul>
<li><strong>Disconnection alerts:</strong> when your connection has been down for a while, so you can report it to your provider with the times.</li>
<li><strong>Performance alerts:</strong> when your speeds stay well below your usual results for several days.</li>
<li><strong>Report cards:</strong> a monthly summary of your results.</li>
<li><strong>Product news:</strong> occasional news about the study and new features.</li>
</ul>
<h2>Changing your choices</h2>
<ol>
<li>Sign in and open <strong>Settings</strong>, then <strong>Email preferences</strong>.</li>
<li>Tick or untick each type of email.</li>
<li>Save.</li>
</ol>
<h2>Pausing alerts for a while</h2>
<p>Going on holiday, or expecting work on your line? You can pause alerts until a date up to 90 days ahead. They resume by themselves on that date, so you do not need to remember to turn them back on.</p>
<h2>Unsubscribing from an email</h2>
<p>Every optional email has an unsubscribe link at the bottom. It turns off that type of email only.</p>
<h2>Not receiving emails?</h2>
<p>Check your spam folder and add our address to your contacts. If your email address has changed, update it under <strong>Settings</strong>, <strong>Personal details</strong>, <strong>Email</strong>.</p>
<p>Past report cards are also kept under <strong>Settings</strong>, <strong>Report cards</strong>.</p>`,
    },
    3203: {
      title: 'Installing the app and using it offline',
      body: `<p>You can install Whitebox on your phone, tablet or computer like an app, with no app store needed. It opens full screen, starts quickly and keeps working without a connection.</p>
<h2>How to install it</h2>
<ul>
<li><strong>From the site:</strong> sign in, open the account menu and choose <strong>Install app</strong>.</li>
<li><strong>Android and Chrome or Edge:</strong> use the browser menu and choose <strong>Install app</strong> or <strong>Add to home screen</strong>.</li>
<li><strong>iPhone and iPad:</strong> in Safari, tap the share button, then <strong>Add to Home Screen</strong>.</li>
</ul>
<h2>What works offline</h2>
<ul>
<li>Your dashboard shows the results it last downloaded, with the time they were fetched.</li>
<li>Help articles you have opened, and the help centre home page, stay readable.</li>
<li>Help centre search looks through the articles saved on your device and tells you so.</li>
<li>A request you write while offline is kept and sent automatically when you are back online.</li>
</ul>
<h2>What needs a connection</h2>
<p>New results, instant tests, changing your settings and signing in for the first time on a device all need the internet. The app tells you when something has to wait.</p>
<h2>Updates</h2>
<p>When a new version is ready, the app offers to update; it never reloads in the middle of what you are doing.</p>
<h2>Signing out</h2>
<p>Signing out removes your saved results from the device. Do it on shared devices.</p>`,
    },
    3301: {
      title: 'Deleting your account',
      body: `<p>You can ask us to delete your account and your personal details at any time. Deletion is permanent, so please read what it involves first.</p>
<h2>What is deleted</h2>
<ul>
<li>your name, email address, phone number and addresses;</li>
<li>your sign-in details and email preferences;</li>
<li>the link between you and your Whitebox results, so your dashboard and report cards disappear.</li>
</ul>
<h2>What is kept</h2>
<p>Test results already collected stay in the study's combined, anonymous figures. Without your details they can no longer be connected to you. Published reports are not changed.</p>
<h2>How to ask</h2>
<ol>
<li>If you have a Whitebox, arrange its return first: see <a href="${link(2203)}">Returning your Whitebox</a>. You can ask for both in one request.</li>
<li>Send us a request from this help centre, from the email address of your account, with the subject <strong>Delete my account</strong>.</li>
<li>We reply to confirm it is you. Answer that email to go ahead.</li>
<li>We delete your details within 30 days and email you when it is done.</li>
</ol>
<h2>Before you delete</h2>
<ul>
<li>Want fewer emails? Change your <a href="${link(3202)}">email preferences</a> instead.</li>
<li>Want your data? Ask for a copy of your results in the same request; we send it before deleting anything.</li>
<li>Only want to stop taking part? See <a href="${link(1301)}">Leaving a study</a>.</li>
</ul>
<p>You can sign up again later, but your earlier history cannot be restored.</p>`,
    },
    4101: {
      title: 'When and how tests run',
      body: `<p>Your Whitebox tests automatically, around the clock. You do not need to do anything, and you can use your connection as normal.</p>
<h2>The schedule</h2>
<ul>
<li><strong>Speed tests</strong> (download and upload) run several times a day, spread over every hour of the day and night, with extra tests in the evening peak between 8 and 10 pm, when networks are busiest.</li>
<li><strong>Latency and packet loss</strong> are measured continuously in the background with tiny packets.</li>
<li><strong>Web browsing, DNS, video streaming and gaming</strong> tests run a few times an hour.</li>
<li><strong>Disconnections</strong> are watched all the time.</li>
</ul>
<h2>Tests wait for you</h2>
<p>Before each test, the Whitebox checks how much other traffic is on your network. If someone is streaming, gaming or downloading, it postpones the test and tries again a little later. This keeps your connection free for you and keeps results fair: a test that shares the line with a film would measure the film, not your broadband.</p>
<p>Postponed tests appear on your dashboard as <strong>skipped tests</strong>. A few every day are normal; many every evening simply means a busy household.</p>
<h2>Where tests go</h2>
<p>Tests run against dedicated measurement servers in or near your country, and against popular real services for streaming and web tests. This measures the performance you would actually experience.</p>
<h2>Seeing the results</h2>
<p>Results reach your dashboard within an hour or so. Choose up to six metrics to display and a period of a day, a week, a fortnight or a month. See also <a href="${link(4103)}">Instant tests</a>.</p>`,
    },
    4102: {
      title: 'How much data tests use',
      body: `<p>Tests send and receive real data, because that is the only honest way to measure a connection. On an unlimited package the amount makes no difference; on a package with an allowance, it is worth knowing.</p>
<h2>Typical usage</h2>
<p>How much depends on your speed, because a speed test transfers as much data as the line can carry for a fixed number of seconds. On a slower line a Whitebox uses a few gigabytes a week; on a fast fibre line, tens of gigabytes a week (a 300 Mbps line, for example, around 60 to 80 GB). Latency, packet loss and the other tests use very little.</p>
<h2>See your own figure</h2>
<p>Your dashboard has a <strong>Data used by tests</strong> panel showing how much your Whitebox used in the period you chose. It counts only test traffic, not your own use.</p>
<h2>If your package has a data allowance</h2>
<ul>
<li>Check your allowance before plugging in. On an unlimited package there is nothing to worry about.</li>
<li>If you have a monthly cap, send us a request with your allowance. We can lower the number of speed tests on your unit so it stays within a small, fixed share of it.</li>
<li>Tell us before your allowance runs out, not after: we cannot reverse charges from your provider.</li>
</ul>
<h2>What does not use much data</h2>
<p>Latency, packet loss, DNS and disconnection checks use tiny packets; together they amount to a few megabytes a day. Most of the data goes on speed and video tests.</p>
<h2>Your own traffic</h2>
<p>The Whitebox counts the volume of other traffic on your network only to avoid testing while you are busy. It never looks at what that traffic contains: see <a href="${link(1201)}">What data your Whitebox collects</a>.</p>`,
    },
    4103: {
      title: 'Instant tests',
      body: `<p>Besides its scheduled tests, a compatible Whitebox can run a test the moment you ask. It is useful when your connection feels slow and you want to know whether the line or your own device is to blame.</p>
<h2>Running an instant test</h2>
<ol>
<li>Sign in and open your dashboard on the <strong>Whitebox tests</strong> tab.</li>
<li>In the <strong>Instant test</strong> panel, choose <strong>Run instant test</strong>.</li>
<li>Keep the page open. Progress is shown as each measurement completes, and the whole test takes about ten seconds.</li>
<li>The results appear in the list of instant tests, and you can open or share each one.</li>
</ol>
<h2>What it measures</h2>
<p>Download and upload speed, latency and packet loss, measured by the Whitebox over its cable. Because it bypasses your Wi-Fi, comparing it with a speed test on your phone shows how much your wireless network costs you: see <a href="${link(5202)}">Wi-Fi versus wired speeds</a>.</p>
<h2>Things to know</h2>
<ul>
<li>Only one test can run on a Whitebox at a time. If a scheduled test is in progress, wait a minute and try again.</li>
<li>Instant tests need a connection on your phone or computer too; they cannot be queued to run later.</li>
<li>Older Whiteboxes, and those on some connection types, cannot run instant tests. Their scheduled tests carry on as usual.</li>
<li>Please do not run instant tests over and over: each one uses data and test server capacity.</li>
</ul>
<p>If your test is refused, the message tells you why: see <a href="${link(5203)}">Why an instant test was refused</a>.</p>`,
    },
    4201: {
      title: 'Download and upload speed',
      body: `<p>Speed is what most people mean by “fast broadband”. It is how much data your connection can carry each second, measured in megabits per second (Mbps).</p>
<h2>Download speed</h2>
<p>How fast data reaches your home: web pages, films, game updates and video calls from other people. Your Whitebox downloads from a measurement server over several connections at once for about ten seconds and records the steady rate it reaches. Several connections are used because that is how browsers and apps fetch data, and a single connection can understate a fast line.</p>
<h2>Upload speed</h2>
<p>How fast data leaves your home: sending photos, backing up to the cloud, your side of a video call. It is measured the same way in the other direction. On most packages, upload is much slower than download; that is by design.</p>
<h2>Reading your dashboard</h2>
<ul>
<li>The <strong>median</strong> is the middle value of the period: half the tests were faster and half slower. It is less swayed by one odd result than an average.</li>
<li>The <strong>latest</strong> value is the most recent test.</li>
<li>Your package speed is drawn on the chart for comparison.</li>
</ul>
<h2>What is normal</h2>
<p>Results a little below the advertised speed are common, because packages are sold “up to” a speed and some capacity goes on network overheads. A clear drop every evening points to congestion; a sudden drop at all hours points to a fault. See <a href="${link(5201)}">My results look slower than my package</a>.</p>`,
    },
    4202: {
      title: 'Latency, jitter and packet loss',
      body: `<p>A fast connection can still feel sluggish. Latency, jitter and packet loss explain why video calls freeze or games lag even when speed tests look good.</p>
<h2>Latency</h2>
<p>The time a small packet takes to reach a server and come back, in milliseconds (ms). It is sometimes called ping. Lower is better:</p>
<ul>
<li>under 20 ms: excellent, typical of fibre;</li>
<li>20 to 50 ms: good for everything, including gaming;</li>
<li>over 100 ms: noticeable in calls and games.</li>
</ul>
<p>Latency that rises sharply while the line is busy, for example during an upload, is a sign of buffering in the router or the network.</p>
<h2>Jitter</h2>
<p>How much latency varies from one packet to the next. Calls and live streams need packets to arrive at a steady pace; high jitter makes voices robotic and pictures stutter.</p>
<h2>Packet loss</h2>
<p>The share of packets that never arrive, as a percentage. Apps resend what is lost, which slows everything down, and live audio and video simply skip. Anything regularly above 1% deserves attention.</p>
<h2>How your Whitebox measures them</h2>
<p>It sends a steady trickle of tiny packets to measurement servers, day and night, using very little data. That is why these charts are detailed even when speed tests are skipped.</p>
<p>Persistent loss or high latency at all hours often points to a line fault: report it to your provider with your charts. See also <a href="${link(4205)}">Disconnections</a>.</p>`,
    },
    4203: {
      title: 'DNS and web browsing',
      body: `<p>Before your browser can load a page, it has to find the website's address, and then it fetches dozens of files. These two tests measure how quickly that happens.</p>
<h2>DNS</h2>
<p>The Domain Name System turns a name such as <code>example.com</code> into the numeric address computers use. Your provider runs DNS servers for you, and every new site you open starts with a look-up.</p>
<p>Your Whitebox measures:</p>
<ul>
<li><strong>DNS resolution time:</strong> how long a look-up takes, in milliseconds. A few tens of milliseconds is normal.</li>
<li><strong>DNS failures:</strong> the share of look-ups that got no answer. Even a small rate makes pages fail to open at random.</li>
</ul>
<h2>Web browsing</h2>
<p>The Whitebox loads the home pages of a set of popular websites, with all their images and scripts, and records how long each takes. It does not display or keep the pages, and it is never signed in to them.</p>
<p>Web loading time depends on latency and DNS as much as on speed: beyond a certain point, a faster package barely changes it. That is why this test tells you something that speed tests do not.</p>
<h2>When these look wrong</h2>
<ul>
<li>Slow or failing DNS while other results are fine often means a problem with your provider's DNS servers. Report it to them with the dates from your chart.</li>
<li>If you changed the DNS settings on your router, tell us in a request: the Whitebox then measures those servers instead.</li>
</ul>`,
    },
    4204: {
      title: 'Video streaming and gaming',
      body: `<p>These tests measure two things people do every day, using real services rather than laboratory servers.</p>
<h2>Video streaming</h2>
<p>Your Whitebox plays short clips from popular streaming services, such as Netflix, YouTube and BBC iPlayer where available, without displaying them. It records:</p>
<ul>
<li><strong>the bitrate reached:</strong> how much video data per second the service chose to send;</li>
<li><strong>the start-up delay:</strong> how long until the picture would appear;</li>
<li><strong>stalls:</strong> whether the video would have paused to buffer.</li>
</ul>
<p>On your dashboard the bitrate is turned into the quality you could expect: standard definition (SD), high definition (HD) or Ultra HD (4K). Each service has its own thresholds, because each compresses video differently.</p>
<h2>Gaming</h2>
<p>Online games send small updates many times a second, so they depend on latency, jitter and packet loss far more than on speed. Your Whitebox measures the round-trip time to servers used by popular games, and how steady it is.</p>
<ul>
<li>Under 50 ms with little variation: smooth play, even in fast games.</li>
<li>Over 100 ms, or frequent spikes: noticeable lag.</li>
</ul>
<h2>Why your experience can differ</h2>
<p>The Whitebox is wired to your router. A console or TV on Wi-Fi, or in a room far from the router, may do worse: see <a href="${link(5202)}">Wi-Fi versus wired speeds</a>. Services also change their own settings over time, which can shift results slightly for every provider at once.</p>`,
    },
    4205: {
      title: 'Disconnections',
      body: `<p>A connection that keeps dropping is frustrating even when it is fast. Your Whitebox keeps a record of every time your broadband stops working, so you have evidence rather than a vague feeling.</p>
<h2>How disconnections are detected</h2>
<p>The Whitebox checks continuously that it can reach the internet. When several checks in a row fail, it records the start of a disconnection, and the end when the connection returns. Because it is wired to your router, a Wi-Fi problem in another room does not count: these are real outages of your broadband.</p>
<p>Very short drops, under 30 seconds, are not registered, so brief blips do not fill your history.</p>
<h2>Reading the chart</h2>
<ul>
<li>Choose a period of a day, a week, a month or a year.</li>
<li>Show either the <strong>number</strong> of disconnections or the <strong>time</strong> disconnected.</li>
<li>A summary gives the number of disconnections and the total time lost in the period.</li>
</ul>
<h2>What counts, and what does not</h2>
<ul>
<li>If the Whitebox itself loses power, for example in a power cut or while you move house, it cannot test, so the gap shows as your unit being offline, not as a disconnection.</li>
<li>Router restarts you make yourself are recorded; keep a note of them if you plan to complain to your provider.</li>
</ul>
<h2>Using the record</h2>
<p>If drops are frequent, report them to your provider with the dates and times from the chart. You can also get an email when a long disconnection happens: see <a href="${link(3202)}">Email preferences and alerts</a>.</p>
<p>If the chart says disconnection measurements are not enabled, your study does not collect them.</p>`,
    },
    5101: {
      title: 'My Whitebox shows as offline',
      body: `<p>Your dashboard shows the Whitebox as offline when we have not heard from it for more than 30 minutes. Most cases are fixed in a few minutes with the checks below.</p>
<h2>1. Check the lights</h2>
<ul>
<li><strong>No lights:</strong> no power. Check that the adapter is firmly plugged in at both ends and the socket is switched on. Try another socket.</li>
<li><strong>Network light off:</strong> the cable is loose or in the wrong port. Push both ends in until they click, and use a LAN port on the router, not the WAN or Internet port.</li>
<li><strong>Status light steady amber:</strong> the Whitebox reaches your router but not the internet.</li>
</ul>
<p>See <a href="${link(2103)}">What the lights mean</a> for every pattern.</p>
<h2>2. Check your internet</h2>
<p>Can your phone or computer open websites over your home Wi-Fi? If not, the problem is your broadband: restart your router and, if that does not help, contact your provider. Your Whitebox will record the outage.</p>
<h2>3. Restart both</h2>
<ol>
<li>Switch off the Whitebox at the wall.</li>
<li>Restart your router and wait until it is fully back, usually two or three minutes.</li>
<li>Switch the Whitebox back on and wait ten minutes.</li>
</ol>
<h2>4. Think about recent changes</h2>
<p>A new router, a mesh system, or a move? See <a href="${link(5102)}">I changed my router</a>.</p>
<h2>Still offline?</h2>
<p>Send us a request with the serial number on the label (it starts with <code>WB</code>) and what the lights show. If your Whitebox is faulty, we send a replacement at no cost.</p>`,
    },
    5102: {
      title: 'I changed my router',
      body: `<p>Your Whitebox needs a cable to your main router. When the router changes, the Whitebox has to move with it, otherwise it goes offline or, worse, measures the wrong thing.</p>
<h2>New router from your provider</h2>
<ol>
<li>Set up the new router and check that your other devices can reach the internet.</li>
<li>Move the Whitebox's network cable to a LAN port on the new router. Do not leave it connected to the old one.</li>
<li>Switch the Whitebox off and on again, so it picks up the new network.</li>
<li>Within about 30 minutes your dashboard shows it online again.</li>
</ol>
<p>No settings are needed: the Whitebox configures itself automatically on any standard home router.</p>
<h2>You also changed provider or package</h2>
<p>Update your broadband details with the date of the change, so that your results are compared with the right package: see <a href="${link(2202)}">Changing your provider or package</a>.</p>
<h2>Mesh systems and extra routers</h2>
<p>If you added a mesh system or a second router, connect the Whitebox to the unit wired to your provider's line. Connected behind a satellite or an extender, it would measure your home network instead of your broadband. See <a href="${link(2102)}">Where to plug in your Whitebox</a>.</p>
<h2>Router settings that can block it</h2>
<ul>
<li><strong>Parental controls or device approval:</strong> some routers hold new devices until you approve them in their app. Allow the Whitebox.</li>
<li><strong>Strict firewalls:</strong> the Whitebox only makes ordinary outgoing connections. If your router blocks those for unknown devices, allow it.</li>
</ul>
<p>Still offline after an hour? Follow <a href="${link(5101)}">My Whitebox shows as offline</a>.</p>`,
    },
    5201: {
      title: 'My results look slower than my package',
      body: `<p>Seeing results below the speed you pay for is common, and it is exactly what studies are designed to show. Here is how to tell what is going on.</p>
<h2>Look at the pattern</h2>
<ul>
<li><strong>Slightly below all the time:</strong> normal. Packages are sold “up to” a speed, and network overheads take a share. Results within about 10 to 15% of the package are typical.</li>
<li><strong>Fine by day, slow in the evening:</strong> congestion. Many people share your provider's network at peak time, between 8 and 10 pm. This is what studies compare between providers.</li>
<li><strong>Suddenly slower at all hours:</strong> something changed. Think about a router change, a line fault or a package change.</li>
<li><strong>Far below at all hours from the start:</strong> check that your package is recorded correctly under <strong>Settings</strong>, <strong>Broadband details</strong>.</li>
</ul>
<h2>Check your set-up</h2>
<ul>
<li>The Whitebox must be wired directly to the main router, not through an extender or powerline adapter: see <a href="${link(2102)}">Where to plug in your Whitebox</a>.</li>
<li>An old router may not be able to reach the speeds of a new package. Ask your provider whether yours is suitable.</li>
</ul>
<h2>Household use does not skew results</h2>
<p>The Whitebox waits while your household is using the connection, so streaming in the evening does not make your results look worse. See <a href="${link(4101)}">When and how tests run</a>.</p>
<h2>What to do next</h2>
<p>If the results stay low, contact your provider. Your dashboard's charts, with dates and times, are strong evidence. Many providers commit to a minimum speed; ask them what yours is.</p>`,
    },
    5202: {
      title: 'Wi-Fi versus wired speeds',
      body: `<p>Your Whitebox is connected by cable, so it measures what your broadband delivers to your router. Your phone or laptop on Wi-Fi often sees less, and that is not your provider's fault.</p>
<h2>Why Wi-Fi is slower</h2>
<ul>
<li><strong>Distance and walls:</strong> the signal weakens with every wall and floor, especially concrete, brick and metal.</li>
<li><strong>Interference:</strong> neighbours' networks, microwaves and baby monitors share the airwaves.</li>
<li><strong>Sharing:</strong> every device on your Wi-Fi takes turns on the same channel.</li>
<li><strong>Your device:</strong> each phone and laptop has its own top speed. A recent phone might manage around 890 Mbps close to a modern router; an older one might top out near 80 Mbps. Your dashboard's <strong>Mobile device limits</strong> panel shows typical figures.</li>
</ul>
<h2>Finding where the slowdown is</h2>
<ol>
<li>Run an instant test from your dashboard, which tests the wired connection: see <a href="${link(4103)}">Instant tests</a>.</li>
<li>At the same time, run a speed test on your phone next to the router, then in the room where things feel slow.</li>
<li>If the Whitebox is fast and your phone is slow everywhere, the device is the limit. If the phone is fast near the router but slow further away, your Wi-Fi coverage is.</li>
</ol>
<h2>Improving your Wi-Fi</h2>
<ul>
<li>Put the router somewhere central and high, not in a cupboard.</li>
<li>Use the 5 GHz band near the router, and 2.4 GHz for range.</li>
<li>Consider a mesh system for large homes, or a cable for a TV or console that stays put.</li>
<li>Restart the router occasionally and keep its software up to date.</li>
</ul>`,
    },
    5203: {
      title: 'Why an instant test was refused',
      body: `<p>When an instant test cannot run, the dashboard shows a short message. Each one corresponds to a code, shown here so you can quote it in a request.</p>
<h2>Try again shortly</h2>
<ul>
<li><code>IN_PROGRESS</code>: your Whitebox is already running a test. Only one can run at a time; wait one minute and try again.</li>
<li><code>TARGET_AT_CAPACITY</code>: our test servers are busy with other tests. Try again in a few minutes.</li>
<li><code>UNKNOWN</code>: the test failed for an unexpected reason. Try again later; if it keeps happening, send us a request.</li>
</ul>
<h2>Check your Whitebox</h2>
<ul>
<li><code>UNREACHABLE</code>: your Whitebox is offline. Check that it is plugged in and connected to your router: see <a href="${link(5101)}">My Whitebox shows as offline</a>.</li>
<li><code>NOT_READY</code>: your Whitebox can be reached but is not ready to test, often right after it starts up or while it updates. Check its power and your internet, wait a few minutes and try again.</li>
</ul>
<h2>Your Whitebox cannot run instant tests</h2>
<ul>
<li><code>NOT_TT_COMPATIBLE</code>: it needs a software update first. Updates install automatically; its scheduled tests carry on meanwhile.</li>
<li><code>INCOMPATIBLE</code>: the way it is connected, for example over a mobile connection, does not allow instant tests.</li>
<li><code>NO_AVAILABLE_TESTS</code>: no instant tests are set up for your study. Contact your account manager or send us a request.</li>
<li><code>ACCESS_DENIED</code>: this Whitebox is not linked to your account for instant tests. If you think this is wrong, send us a request.</li>
</ul>
<h2>On your side</h2>
<p>Instant tests also need a connection on your phone or computer. Offline, nothing is queued: run it again once you are back online.</p>`,
    },
  },
}
