import type { Mail } from '../../plugins/mail.ts'
import { helpCentreLocale, inLanguage, type MailLocale } from '../../lib/mail-locale.ts'

/**
 * The sign-up mails in the applicant's language (en_GB, ar_SA, fr_CA). Plain strings here rather
 * than the client's catalogs: mails are written by the server, long after the page is gone.
 */

export type { MailLocale }

type Texts = {
  subject: (study: string) => string
  hello: (name: string) => string
  received: (study: string) => string
  nextTitle: string
  review: string
  selected: string
  plugIn: string
  signIn: (url: string) => string
  statusNow: string
  choosePassword: (link: string, days: number) => string
  expired: string
  questions: (faq: string, contact: string) => string
}

const TEXTS: Record<MailLocale, Texts> = {
  en_GB: {
    subject: (study) => `Thank you for applying to ${study}`,
    hello: (name) => `Hello ${name},`,
    received: (study) =>
      `Thank you for applying to take part in ${study}. We have received your application.`,
    nextTitle: 'What happens next:',
    review:
      '1. We review applications and select volunteers so that the study covers every area, provider and package. This can take a few weeks.',
    selected:
      '2. If you are selected, we email you to confirm the address to send your Whitebox to.',
    plugIn: '3. When it arrives, plug the Whitebox into your router and leave it switched on.',
    signIn: (url) => `4. Sign in to your dashboard to see your results: ${url}`,
    statusNow:
      'You can already sign in with this email address to follow the status of your application.',
    choosePassword: (link, days) =>
      `First choose your password with this link (it works once and expires in ${days} days):\n${link}`,
    expired: 'If the link has expired, use "Forgot password" on the sign-in page.',
    questions: (faq, contact) => `Questions? Read the FAQ: ${faq}\nor write to us: ${contact}`,
  },
  ar_SA: {
    subject: (study) => `شكرًا لتقديمك طلب المشاركة في ${study}`,
    hello: (name) => `مرحبًا ${name}،`,
    received: (study) => `شكرًا لتقديمك طلب المشاركة في ${study}. لقد استلمنا طلبك.`,
    nextTitle: 'ما الخطوات التالية:',
    review:
      '1. نراجع الطلبات ونختار المتطوعين بحيث تغطي الدراسة جميع المناطق ومزودي الخدمة والباقات. قد يستغرق ذلك بضعة أسابيع.',
    selected:
      '2. إذا تم اختيارك، فسنرسل إليك بريدًا إلكترونيًا لتأكيد العنوان الذي سنرسل إليه جهاز Whitebox.',
    plugIn: '3. عند وصوله، وصّل جهاز Whitebox بالموجّه (الراوتر) واتركه قيد التشغيل.',
    signIn: (url) => `4. سجّل الدخول إلى لوحة المعلومات لمشاهدة نتائجك: ${url}`,
    statusNow: 'يمكنك من الآن تسجيل الدخول بهذا البريد الإلكتروني لمتابعة حالة طلبك.',
    choosePassword: (link, days) =>
      `اختر كلمة المرور أولًا من خلال هذا الرابط (يعمل مرة واحدة وتنتهي صلاحيته بعد ${days} أيام):\n${link}`,
    expired: 'إذا انتهت صلاحية الرابط، فاستخدم «نسيت كلمة المرور» في صفحة تسجيل الدخول.',
    questions: (faq, contact) =>
      `لديك أسئلة؟ اقرأ الأسئلة الشائعة: ${faq}\nأو راسلنا على: ${contact}`,
  },
  fr_CA: {
    subject: (study) => `Merci de votre candidature : ${study}`,
    hello: (name) => `Bonjour ${name},`,
    received: (study) =>
      `Merci d'avoir posé votre candidature pour participer à ${study}. Nous avons bien reçu votre demande.`,
    nextTitle: 'Prochaines étapes :',
    review:
      '1. Nous examinons les candidatures et sélectionnons les bénévoles de façon à couvrir toutes les régions, tous les fournisseurs et tous les forfaits. Cela peut prendre quelques semaines.',
    selected:
      "2. Si vous êtes sélectionné(e), nous vous écrirons pour confirmer l'adresse où envoyer votre Whitebox.",
    plugIn: '3. À sa réception, branchez le Whitebox sur votre routeur et laissez-le allumé.',
    signIn: (url) => `4. Connectez-vous à votre tableau de bord pour voir vos résultats : ${url}`,
    statusNow:
      "Vous pouvez déjà vous connecter avec cette adresse courriel pour suivre l'état de votre candidature.",
    choosePassword: (link, days) =>
      `Choisissez d'abord votre mot de passe avec ce lien (il ne fonctionne qu'une fois et expire dans ${days} jours) :\n${link}`,
    expired: 'Si le lien a expiré, utilisez « Mot de passe oublié » sur la page de connexion.',
    questions: (faq, contact) =>
      `Des questions? Consultez la FAQ : ${faq}\nou écrivez-nous : ${contact}`,
  },
}

/** Everything a sign-up mail says, whatever its language. */
export type SignupMailInput = {
  to: string
  firstName: string
  locale: MailLocale
  studyName: string
  /** The server's public origin (PUBLIC_URL). */
  publicUrl: string
  /** The study's contact link (mailto: or a page). */
  contact: string
  /** The Saudi service's "choose your password" link, with its lifetime. */
  passwordLink?: { url: string; days: number }
}

/**
 * The confirmation mail (seeds 2.5): thanks, then what happens next — selection, an email to
 * confirm the kit's address, plugging it in, signing in to the dashboard — with the FAQ and contact.
 */
export function presentSignupMail(input: SignupMailInput): Mail {
  const texts = TEXTS[input.locale]
  const login = inLanguage(`${input.publicUrl}/login`, input.locale)
  const faq = `${input.publicUrl}/hc/${helpCentreLocale(input.locale)}`
  const contact = input.contact.replace(/^mailto:/, '')
  const link = input.passwordLink && {
    url: inLanguage(input.passwordLink.url, input.locale),
    days: input.passwordLink.days,
  }
  const password = link ? [texts.choosePassword(link.url, link.days), texts.expired, ''] : []
  return {
    to: input.to,
    subject: texts.subject(input.studyName),
    text: [
      texts.hello(input.firstName),
      '',
      texts.received(input.studyName),
      '',
      texts.nextTitle,
      texts.review,
      texts.selected,
      texts.plugIn,
      texts.signIn(login),
      '',
      ...password,
      texts.statusNow,
      '',
      texts.questions(faq, contact),
    ].join('\n'),
    links: [...(link ? [link.url] : []), login, faq],
  }
}
