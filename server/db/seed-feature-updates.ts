import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { featureUpdateReads, users } from './schema.ts'
import {
  insertFeatureUpdates,
  type NewFeatureUpdate,
} from '../services/zeus/feature-updates/repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000

type UpdateSeed = Omit<NewFeatureUpdate, 'createdAt'> & {
  daysAgo: number
  /** Already read by the consumer demo user (days ago), so the modal has a read history. */
  readDaysAgo?: number
}

// Oldest first, so ids follow the publication order (the lists sort by id).
const UPDATES: UpdateSeed[] = [
  {
    type: 'enterprise',
    daysAgo: 150,
    apps: ['dashboard'],
    title: {
      en_GB: 'Saved dashboards open without a connection',
      ar_SA: 'لوحات المعلومات المحفوظة تعمل دون اتصال',
      fr_CA: 'Les tableaux de bord enregistrés s’ouvrent sans connexion',
    },
    description: {
      en_GB:
        '<p>Dashboards and presets you opened recently are kept on your device. Reopen them on a train or in a basement and you will see when the data was fetched.</p>',
      ar_SA:
        '<p>تُحفظ لوحات المعلومات والإعدادات المسبقة التي فتحتها مؤخرًا على جهازك. افتحها في القطار أو في قبو وسترى وقت جلب البيانات.</p>',
      fr_CA:
        '<p>Les tableaux de bord et préréglages ouverts récemment sont conservés sur votre appareil. Rouvrez-les dans le train ou au sous-sol : la date des données est indiquée.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 120,
    readDaysAgo: 118,
    title: {
      en_GB: 'Add Whitebox to your home screen',
      ar_SA: 'أضف Whitebox إلى شاشتك الرئيسية',
      fr_CA: 'Ajoutez Whitebox à votre écran d’accueil',
    },
    description: {
      en_GB:
        '<p>Whitebox can now be installed like an app. Open the account menu and choose <strong>Install app</strong>, or use your browser’s menu.</p>',
      ar_SA:
        '<p>يمكن الآن تثبيت Whitebox مثل أي تطبيق. افتح قائمة الحساب واختر <strong>تثبيت التطبيق</strong>، أو استخدم قائمة المتصفح.</p>',
      fr_CA:
        '<p>Whitebox s’installe maintenant comme une application. Ouvrez le menu du compte et choisissez <strong>Installer l’application</strong>, ou passez par le menu de votre navigateur.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 100,
    readDaysAgo: 99,
    title: {
      en_GB: 'A year of disconnections at a glance',
      ar_SA: 'عام كامل من الانقطاعات في لمحة',
      fr_CA: 'Une année de déconnexions en un coup d’œil',
    },
    description: {
      en_GB:
        '<p>The disconnection chart now has a <em>Year</em> period. Ongoing disconnections are measured up to now, so you can see how long the current one has lasted.</p>',
      ar_SA:
        '<p>أصبح لمخطط الانقطاعات فترة <em>سنة</em>. تُقاس الانقطاعات الجارية حتى الآن، لتعرف مدة الانقطاع الحالي.</p>',
      fr_CA:
        '<p>Le graphique des déconnexions offre maintenant la période <em>Année</em>. Les déconnexions en cours sont mesurées jusqu’à maintenant : vous voyez depuis combien de temps dure la coupure actuelle.</p>',
    },
  },
  {
    type: 'enterprise',
    daysAgo: 85,
    apps: ['constant-care'],
    title: {
      en_GB: 'Area outage alerts in constant care',
      ar_SA: 'تنبيهات انقطاع المنطقة في الرعاية المستمرة',
      fr_CA: 'Alertes de panne de secteur en soins continus',
    },
    description: {
      en_GB:
        '<p>When several units on the same network segment go offline together, the unit page now shows an area outage notice.</p><ul><li>Shown to engineers with outage access</li><li>Links to the anomaly collection</li></ul>',
      ar_SA:
        '<p>عندما تنقطع عدة وحدات على مقطع الشبكة نفسه معًا، تعرض صفحة الوحدة الآن إشعارًا بانقطاع المنطقة.</p><ul><li>يظهر للمهندسين الذين لديهم صلاحية الانقطاعات</li><li>يرتبط بمجموعة الحالات الشاذة</li></ul>',
      fr_CA:
        '<p>Quand plusieurs unités d’un même segment de réseau se déconnectent ensemble, la page de l’unité affiche maintenant un avis de panne de secteur.</p><ul><li>Affiché aux techniciens ayant l’accès aux pannes</li><li>Lien vers la collection d’anomalies</li></ul>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 70,
    readDaysAgo: 69,
    title: {
      en_GB: 'Download your results as a spreadsheet',
      ar_SA: 'نزّل نتائجك كجدول بيانات',
      fr_CA: 'Téléchargez vos résultats en tableur',
    },
    description: {
      en_GB:
        '<p>On the <strong>Analytics</strong> page, choose a date range and the metrics you want, then download exactly what the charts show as a CSV file.</p>',
      ar_SA:
        '<p>في صفحة <strong>التحليلات</strong>، اختر نطاقًا زمنيًا والمقاييس التي تريدها، ثم نزّل ما تعرضه المخططات تمامًا كملف CSV.</p>',
      fr_CA:
        '<p>Dans la page <strong>Analyses</strong>, choisissez une période et les mesures voulues, puis téléchargez exactement ce que montrent les graphiques en fichier CSV.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 55,
    readDaysAgo: 50,
    title: {
      en_GB: 'Whitebox in Arabic and Canadian French',
      ar_SA: 'Whitebox باللغتين العربية والفرنسية الكندية',
      fr_CA: 'Whitebox en arabe et en français canadien',
    },
    description: {
      en_GB:
        '<p>Choose your language from the account menu. Arabic is shown right to left, charts included.</p>',
      ar_SA:
        '<p>اختر لغتك من قائمة الحساب. تُعرض العربية من اليمين إلى اليسار، بما في ذلك المخططات.</p>',
      fr_CA:
        '<p>Choisissez votre langue dans le menu du compte. L’arabe s’affiche de droite à gauche, graphiques compris.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 40,
    readDaysAgo: 38,
    title: {
      en_GB: 'How much data do tests use?',
      ar_SA: 'كم من البيانات تستهلك الاختبارات؟',
      fr_CA: 'Combien de données les tests utilisent-ils?',
    },
    description: {
      en_GB:
        '<p>Your dashboard now shows the bytes used by tests each day, so you can check them against your data allowance. Read more in the <a href="https://example.com/help/data-usage">help centre</a>.</p>',
      ar_SA:
        '<p>تعرض لوحتك الآن البيانات التي استهلكتها الاختبارات كل يوم، لتقارنها بحصة بياناتك. اقرأ المزيد في <a href="https://example.com/help/data-usage">مركز المساعدة</a>.</p>',
      fr_CA:
        '<p>Votre tableau de bord montre maintenant les octets utilisés chaque jour par les tests, à comparer avec votre forfait. Pour en savoir plus, consultez le <a href="https://example.com/help/data-usage">centre d’aide</a>.</p>',
    },
  },
  {
    type: 'enterprise',
    daysAgo: 30,
    apps: ['constant-care'],
    title: {
      en_GB: 'Scan a unit’s label to open it',
      ar_SA: 'امسح ملصق الوحدة لفتحها',
      fr_CA: 'Balayez l’étiquette d’une unité pour l’ouvrir',
    },
    description: {
      en_GB:
        '<p>Field engineers can point their phone’s camera at the Code 128 label on a Whitebox to go straight to that unit’s page.</p>',
      ar_SA:
        '<p>يستطيع المهندسون الميدانيون توجيه كاميرا الهاتف إلى ملصق Code 128 على جهاز Whitebox للانتقال مباشرة إلى صفحة الوحدة.</p>',
      fr_CA:
        '<p>Les techniciens peuvent pointer la caméra du téléphone vers l’étiquette Code 128 d’un Whitebox pour ouvrir directement la page de l’unité.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 21,
    readDaysAgo: 20,
    title: {
      en_GB: 'Mobile speed limits explained',
      ar_SA: 'شرح حدود سرعة الأجهزة المحمولة',
      fr_CA: 'Les limites de vitesse des mobiles expliquées',
    },
    description: {
      en_GB:
        '<p>A phone test can only be as fast as the phone. A newer phone can reach about 890 Mbps, an older one about 80 Mbps. Your dashboard now says so next to phone results.</p>',
      ar_SA:
        '<p>لا يمكن لاختبار الهاتف أن يتجاوز سرعة الهاتف نفسه. يصل الهاتف الحديث إلى نحو 890 ميغابت في الثانية، والقديم إلى نحو 80 ميغابت في الثانية. تعرض لوحتك ذلك الآن بجانب نتائج الهاتف.</p>',
      fr_CA:
        '<p>Un test sur téléphone ne peut pas dépasser la vitesse du téléphone. Un appareil récent atteint environ 890 Mbit/s, un ancien environ 80 Mbit/s. Votre tableau de bord l’indique maintenant près des résultats mobiles.</p>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 9,
    title: {
      en_GB: 'Run an instant test from your dashboard',
      ar_SA: 'شغّل اختبارًا فوريًا من لوحتك',
      fr_CA: 'Lancez un test instantané depuis votre tableau de bord',
    },
    description: {
      en_GB:
        '<p>Wondering whether it is your connection or the website? Start a test on your Whitebox and watch the progress live.</p><ul><li>One test runs at a time</li><li>Results appear with your other results</li></ul>',
      ar_SA:
        '<p>هل تتساءل إن كانت المشكلة في اتصالك أم في الموقع؟ ابدأ اختبارًا على جهاز Whitebox وتابع التقدم مباشرة.</p><ul><li>يُجرى اختبار واحد في كل مرة</li><li>تظهر النتائج مع نتائجك الأخرى</li></ul>',
      fr_CA:
        '<p>Est-ce votre connexion ou le site Web? Lancez un test sur votre Whitebox et suivez sa progression en direct.</p><ul><li>Un seul test à la fois</li><li>Les résultats s’ajoutent à vos autres résultats</li></ul>',
    },
  },
  {
    type: 'consumer',
    daysAgo: 2,
    title: {
      en_GB: 'Changes made offline are sent when you reconnect',
      ar_SA: 'تُرسل التغييرات التي تجريها دون اتصال عند عودة الاتصال',
      fr_CA: 'Les modifications faites hors ligne partent à la reconnexion',
    },
    description: {
      en_GB:
        '<p>Update your address or email preferences without a signal: Whitebox keeps the change and sends it as soon as you are back online. <strong>Pending changes</strong> in the account menu shows what is waiting.</p>',
      ar_SA:
        '<p>حدّث عنوانك أو تفضيلات البريد الإلكتروني دون إشارة: يحتفظ Whitebox بالتغيير ويرسله فور عودتك إلى الاتصال. تعرض <strong>التغييرات المعلقة</strong> في قائمة الحساب ما ينتظر الإرسال.</p>',
      fr_CA:
        '<p>Modifiez votre adresse ou vos préférences de courriel sans réseau : Whitebox garde la modification et l’envoie dès votre retour en ligne. <strong>Modifications en attente</strong>, dans le menu du compte, montre ce qui attend.</p>',
    },
  },
]

/** The demo feature updates (consumer and enterprise) and some already read by the consumer. */
export async function seedFeatureUpdates(db: Db, now: Date): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS)
  const ids = await insertFeatureUpdates(
    db,
    UPDATES.map(({ type, apps, title, description, daysAgo }) => ({
      type,
      apps,
      title,
      description,
      createdAt: at(daysAgo),
    })),
  )
  const [consumer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'consumer@example.com'))
    .limit(1)
  if (!consumer) return
  const reads = UPDATES.flatMap((update, index) => {
    const updateId = ids[index]
    if (update.readDaysAgo === undefined || updateId === undefined) return []
    return [{ userId: consumer.id, updateId, lastReadDate: at(update.readDaysAgo) }]
  })
  if (reads.length > 0) await db.insert(featureUpdateReads).values(reads)
}
