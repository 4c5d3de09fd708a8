import type { HcArticleId, HcLocaleContent } from './structure.ts'

const link = (id: HcArticleId) => `/hc/fr-ca/articles/${id}`

/** The help centre in Canadian French (the app's fr-CA locale). */
export const FR_CA: HcLocaleContent = {
  categories: {
    1: {
      name: 'Bénévolat',
      description:
        'Le fonctionnement des études sur Internet haute vitesse, qui y participe, ce que deviennent vos données et comment vous retirer.',
    },
    2: {
      name: 'Votre Whitebox',
      description:
        'Installer votre Whitebox, comprendre ses voyants, déménager avec elle et la retourner.',
    },
    3: {
      name: 'Votre compte',
      description:
        'Connexion, réinitialisation du mot de passe, langue, préférences de courriel et suppression du compte.',
    },
    4: {
      name: 'Nos tests',
      description:
        'Ce que mesure votre Whitebox, quand elle teste et combien de données elle utilise.',
    },
    5: {
      name: 'Dépannage',
      description:
        'Quoi faire quand votre Whitebox est hors ligne ou que vos résultats semblent anormaux.',
    },
  },
  sections: {
    11: {
      name: 'À propos des études',
      description: 'Ce qu’est une étude et qui est invité à y participer.',
    },
    12: {
      name: 'Votre vie privée',
      description: 'Ce que nous recueillons et comment les résultats sont publiés.',
    },
    13: {
      name: 'Si vous changez d’idée',
      description: 'L’état de votre inscription et le retrait d’une étude en tout temps.',
    },
    21: { name: 'Installation', description: 'De la boîte à vos premiers résultats.' },
    22: {
      name: 'Au quotidien avec votre Whitebox',
      description: 'Déménager, changer de fournisseur et retourner l’appareil.',
    },
    31: { name: 'Connexion', description: 'Accéder à votre tableau de bord, et y revenir.' },
    32: {
      name: 'Préférences',
      description: 'La langue, les courriels et l’application sur votre téléphone.',
    },
    33: {
      name: 'Vos données',
      description: 'Fermer votre compte et supprimer vos renseignements.',
    },
    41: {
      name: 'Fonctionnement des tests',
      description: 'Quand les tests ont lieu et ce qu’ils vous coûtent.',
    },
    42: {
      name: 'Ce que nous mesurons',
      description: 'Chaque test de votre tableau de bord, expliqué.',
    },
    51: {
      name: 'Appareil hors ligne ou silencieux',
      description:
        'Votre Whitebox ne transmet plus rien : les vérifications qui règlent la plupart des cas.',
    },
    52: {
      name: 'Résultats qui semblent anormaux',
      description: 'Résultats lents, comparaison avec le Wi-Fi et tests instantanés refusés.',
    },
  },
  articles: {
    1101: {
      title: 'Le fonctionnement des études Whitebox',
      body: `<p>Une étude Whitebox mesure le service Internet que les gens reçoivent réellement à la maison. Des organismes de réglementation et des organismes publics mènent ces études pour comparer équitablement les fournisseurs et publier des données indépendantes, afin que chacun puisse choisir son forfait à partir de faits plutôt que de vitesses annoncées.</p>
<h2>Ce que vous faites</h2>
<ol>
<li>Inscrivez-vous sur la page de votre étude en indiquant votre adresse, votre fournisseur et votre forfait.</li>
<li>Si vous êtes sélectionné, nous confirmons l’adresse de livraison et vous envoyons votre Whitebox gratuitement.</li>
<li>Branchez-la à votre routeur avec le câble fourni, puis mettez-la sous tension. C’est toute l’installation.</li>
<li>Connectez-vous à votre tableau de bord quand vous le voulez pour consulter vos propres résultats.</li>
</ol>
<h2>Ce que fait votre Whitebox</h2>
<p>Votre Whitebox est un petit appareil de mesure. Jour et nuit, elle effectue de courts tests de vitesse, de latence, de perte de paquets, de DNS, de navigation Web, de diffusion vidéo et de jeu en ligne, et elle remarque quand votre connexion tombe. Elle attend quand votre foyer utilise beaucoup Internet : vous ne devriez pas la remarquer.</p>
<h2>Ce que deviennent les résultats</h2>
<p>Les résultats de milliers de foyers sont regroupés par fournisseur, par forfait et par région. Les rapports de l’étude publient ces données combinées; ils ne vous nomment jamais et n’indiquent jamais votre adresse. Consultez <a href="${link(1202)}">L’utilisation et la publication de vos résultats</a>.</p>
<p>Vous pouvez vous retirer en tout temps : voyez <a href="${link(1301)}">Se retirer d’une étude</a>.</p>`,
    },
    1102: {
      title: 'Qui est sélectionné pour participer',
      body: `<p>Beaucoup plus de gens s’inscrivent qu’il n’y a d’appareils Whitebox. Toutes les personnes inscrites ne sont donc pas sélectionnées tout de suite. La sélection ne se fait pas selon l’ordre d’arrivée : chaque étude a besoin d’un panel représentatif du marché Internet du pays.</p>
<h2>Comment nous choisissons</h2>
<p>Nous comparons chaque demande aux places encore libres dans le panel. Les principaux critères sont :</p>
<ul>
<li><strong>Votre fournisseur et votre forfait.</strong> Chaque étude a besoin d’assez de foyers chez chaque grand fournisseur et dans chaque palier de vitesse pour publier des données fiables.</li>
<li><strong>Votre lieu de résidence.</strong> Les régions et les villes sont équilibrées pour que les résultats urbains et ruraux soient tous deux représentés.</li>
<li><strong>Votre type de connexion.</strong> Certaines études portent sur une technologie précise, par exemple la fibre optique. La page d’inscription le précise alors.</li>
</ul>
<h2>Ce que signifie votre état</h2>
<p>Après votre demande, votre état est <strong>inscrit</strong>. Si les places pour votre fournisseur ou votre région sont comblées, vous passez à la <strong>liste d’attente</strong>; nous conservons votre demande et la réexaminons chaque fois que des participants se retirent ou que l’étude s’agrandit. Quand vous êtes <strong>sélectionné</strong>, nous vous écrivons pour confirmer votre adresse de livraison, puis l’état devient <strong>en expédition</strong> lorsque votre Whitebox est en route.</p>
<p>Être sur la liste d’attente ne signifie pas que votre demande pose problème. Vous pouvez suivre votre état dans votre profil : voyez <a href="${link(1302)}">Comprendre l’état de votre inscription</a>.</p>`,
    },
    1103: {
      title: 'Ce qu’il en coûte et ce que vous recevez',
      body: `<p>La participation est gratuite. L’étude paie la Whitebox, sa livraison et son retour, et vous n’avez aucun contrat ni abonnement à signer.</p>
<h2>Dans la boîte</h2>
<ul>
<li>l’appareil de mesure Whitebox;</li>
<li>un adaptateur d’alimentation;</li>
<li>un court câble réseau pour la brancher à votre routeur;</li>
<li>une carte de démarrage rapide portant le numéro de série de votre appareil, qui commence par <code>WB</code>.</li>
</ul>
<p>Gardez la boîte et l’emballage si possible : ils faciliteront un éventuel retour.</p>
<h2>Coûts d’utilisation</h2>
<p>La Whitebox consomme à peu près autant d’électricité qu’un chargeur de téléphone laissé branché, ce qui coûte très peu sur une année. Ses tests utilisent une partie de vos données Internet; avec un forfait illimité, cela ne change rien. Si votre forfait comporte une limite mensuelle, lisez <a href="${link(4102)}">La quantité de données utilisée par les tests</a> avant de la brancher.</p>
<h2>Ce que vous obtenez</h2>
<ul>
<li>votre propre tableau de bord montrant la performance de votre connexion, heure par heure;</li>
<li>des alertes facultatives quand votre connexion tombe ou ralentit longtemps;</li>
<li>des bulletins mensuels résumant vos résultats;</li>
<li>des preuves à présenter à votre fournisseur si votre service n’est pas à la hauteur de ce que vous payez.</li>
</ul>
<p>Surtout, vous contribuez à rendre plus justes, pour tout le monde, les données indépendantes sur Internet dans votre pays.</p>`,
    },
    1201: {
      title: 'Les données que recueille votre Whitebox',
      body: `<p>Votre Whitebox mesure votre connexion, pas vous. Elle ne voit pas les sites que vous visitez, ce que vous regardez ou ce que vous tapez, et elle n’a ni microphone ni caméra.</p>
<h2>Ce qu’elle enregistre</h2>
<ul>
<li>les résultats de ses propres tests : vitesses, latence, perte de paquets, temps de DNS et de chargement Web, performance vidéo et de jeu;</li>
<li>les moments où votre connexion tombe et revient;</li>
<li>la <strong>quantité</strong> des autres données qui circulent sur votre réseau, comptée en octets seulement, pour reporter ses tests quand vous êtes occupé. Elle ne regarde jamais le contenu de ce trafic;</li>
<li>des détails techniques sur l’appareil lui-même, comme la version de son logiciel et le moment où il a été vu pour la dernière fois.</li>
</ul>
<h2>Ce que nous conservons à votre sujet</h2>
<p>À partir de votre inscription, nous conservons votre nom, votre adresse courriel, votre numéro de téléphone si vous l’avez fourni, vos adresses d’installation et de livraison, ainsi que votre fournisseur et votre forfait. Nous en avons besoin pour vous envoyer la Whitebox, associer vos résultats au bon fournisseur et à la bonne région, et communiquer avec vous au sujet de l’étude.</p>
<h2>Qui peut les voir</h2>
<p>Vos résultats sont visibles par vous dans votre tableau de bord et par l’équipe de l’étude. Votre nom, votre courriel et votre adresse ne sont jamais publiés ni transmis à votre fournisseur à des fins de marketing. Pour consulter, corriger ou supprimer ce que nous détenons, envoyez-nous une demande depuis ce centre d’aide; voyez aussi <a href="${link(3301)}">Supprimer votre compte</a>.</p>`,
    },
    1202: {
      title: 'L’utilisation et la publication de vos résultats',
      body: `<p>Une étude vise à publier des données indépendantes et comparables sur la performance d’Internet. Vos résultats sont une pièce d’un portrait beaucoup plus large.</p>
<h2>Comment les résultats sont regroupés</h2>
<p>Avant toute publication, les résultats sont regroupés par fournisseur, par forfait ou palier de vitesse et par région, puis résumés, par exemple sous forme de vitesse de téléchargement moyenne aux heures de pointe. Un groupe n’est publié que s’il compte assez de foyers pour qu’il soit impossible d’en distinguer un en particulier.</p>
<h2>Ce qui est publié</h2>
<ul>
<li>les rapports de l’organisme qui mène votre étude, habituellement une ou deux fois par année;</li>
<li>des graphiques et des tableaux comparant les fournisseurs à différents moments de la journée;</li>
<li>dans certaines études, des jeux de données ouvertes de résultats anonymisés, sans nom, sans adresse et sans emplacement plus précis que la région.</li>
</ul>
<h2>Ce qui n’est jamais publié</h2>
<ul>
<li>votre nom, votre courriel, votre numéro de téléphone ou votre adresse;</li>
<li>les résultats d’un foyer identifiable;</li>
<li>quoi que ce soit sur vos activités en ligne, puisque la Whitebox ne les voit jamais.</li>
</ul>
<h2>Vos propres résultats</h2>
<p>Votre tableau de bord vous présente vos résultats, à vous seul. Vous pouvez les communiquer, par exemple à votre fournisseur quand vous signalez une panne : ce sont vos preuves, à utiliser comme bon vous semble.</p>
<p>La page des rapports de l’étude, accessible depuis sa page d’inscription, présente les rapports précédents.</p>`,
    },
    1301: {
      title: 'Se retirer d’une étude',
      body: `<p>Vous pouvez vous retirer d’une étude en tout temps, pour n’importe quelle raison, sans avoir à vous justifier. Nous vous remercions de chaque mois de résultats que vous avez fournis.</p>
<h2>Avant de partir</h2>
<p>Si quelque chose vous dérange, la solution est peut-être simple :</p>
<ul>
<li>inquiet de votre consommation de données? Voyez <a href="${link(4102)}">La quantité de données utilisée par les tests</a>;</li>
<li>vous déménagez? Vous pouvez emporter votre Whitebox : voyez <a href="${link(2201)}">Déménager avec votre Whitebox</a>;</li>
<li>trop de courriels? Modifiez plutôt vos <a href="${link(3202)}">préférences de courriel</a>.</li>
</ul>
<h2>Comment vous retirer</h2>
<ol>
<li>Envoyez-nous une demande depuis ce centre d’aide avec l’objet <strong>Retrait de l’étude</strong>, à partir de l’adresse courriel utilisée lors de votre inscription.</li>
<li>Nous vous répondons dans un délai de cinq jours ouvrables avec une étiquette de retour prépayée et les instructions.</li>
<li>Débranchez votre Whitebox, emballez-la avec son adaptateur et postez-la. Voyez <a href="${link(2203)}">Retourner votre Whitebox</a>.</li>
</ol>
<p>Si vous avez seulement fait une demande et n’avez pas encore reçu d’appareil, nous retirons simplement votre demande.</p>
<h2>Ce qu’il advient de vos données</h2>
<p>Une fois la Whitebox reçue, nous fermons votre tableau de bord. Les résultats déjà recueillis restent dans les données combinées de l’étude, sans votre nom ni votre adresse. Si vous voulez aussi que votre compte et vos renseignements personnels soient supprimés, indiquez-le dans votre demande : voyez <a href="${link(3301)}">Supprimer votre compte</a>.</p>`,
    },
    1302: {
      title: 'Comprendre l’état de votre inscription',
      body: `<p>Après avoir demandé à participer à une étude, vous pouvez suivre votre demande sur la page <strong>Profil</strong> une fois connecté. L’état affiché en haut de la page vous indique où en sont les choses.</p>
<h2>Les états</h2>
<ul>
<li><strong>Inscrit</strong> : nous avons reçu votre demande et l’examinerons en fonction des places offertes dans l’étude.</li>
<li><strong>Liste d’attente</strong> : les places pour votre fournisseur, votre forfait ou votre région sont comblées pour l’instant. Nous gardons votre demande et la réexaminons dès qu’une place se libère.</li>
<li><strong>Sélectionné</strong> : vous êtes retenu. Nous vous écrivons pour confirmer l’adresse où livrer votre Whitebox.</li>
<li><strong>En expédition</strong> : votre Whitebox est en route. Branchez-la dès son arrivée : voyez <a href="${link(2101)}">Installer votre Whitebox</a>.</li>
</ul>
<h2>Modifier vos renseignements</h2>
<p>Tant que votre Whitebox n’est pas expédiée, vous pouvez corriger dans votre profil vos renseignements personnels, vos adresses d’installation et de livraison, ainsi que votre fournisseur et votre forfait. Leur exactitude compte : nous sélectionnons les bénévoles selon le fournisseur et la région.</p>
<p>Une fois l’état passé à <strong>en expédition</strong>, les renseignements ne peuvent plus être modifiés, car le colis et votre place dans le panel sont déjà organisés. Si quelque chose cloche à ce stade, envoyez-nous une demande sans tarder et nous réglerons la question avec le transporteur.</p>
<h2>Les délais</h2>
<p>La plupart des demandes sont examinées en quelques semaines. Le temps passé sur la liste d’attente varie selon le nombre de places qui se libèrent, de quelques semaines à plusieurs mois.</p>`,
    },
    2101: {
      title: 'Installer votre Whitebox',
      body: `<p>L’installation prend environ cinq minutes et n’exige aucune connaissance technique. Il n’y a rien à installer sur votre ordinateur ou votre téléphone.</p>
<h2>Ce qu’il vous faut</h2>
<ul>
<li>votre Whitebox, son adaptateur d’alimentation et le câble réseau fourni;</li>
<li>un port réseau libre (souvent jaune, marqué LAN ou numéroté de 1 à 4) à l’arrière de votre routeur;</li>
<li>une prise de courant libre près du routeur.</li>
</ul>
<h2>Étapes</h2>
<ol>
<li>Branchez une extrémité du câble réseau à la Whitebox et l’autre à un port LAN libre de votre routeur. N’utilisez pas le port marqué WAN, Internet ou DSL.</li>
<li>Branchez l’adaptateur à la Whitebox et à la prise murale.</li>
<li>Attendez une dizaine de minutes. La Whitebox démarre, vérifie s’il existe une mise à jour de son logiciel et communique avec nos serveurs. Voyez <a href="${link(2103)}">La signification des voyants</a>.</li>
<li>Connectez-vous à votre tableau de bord. Votre appareil y apparaît en ligne et les premiers résultats arrivent en quelques heures.</li>
</ol>
<h2>Bon à savoir</h2>
<ul>
<li>Laissez-la branchée en permanence. Ce sont les résultats pris à toute heure du jour qui rendent l’étude équitable.</li>
<li>Vous pouvez continuer d’utiliser normalement les autres ports de votre routeur et votre Wi-Fi.</li>
<li>Aucun réglage n’est à modifier sur votre routeur.</li>
</ul>
<p>Si votre tableau de bord indique toujours que l’appareil est hors ligne après une heure, suivez <a href="${link(5101)}">Ma Whitebox est indiquée hors ligne</a>.</p>`,
    },
    2102: {
      title: 'Où brancher votre Whitebox',
      body: `<p>Votre Whitebox doit être reliée <strong>par câble</strong> directement au routeur fourni par votre fournisseur, ou à votre routeur principal si vous avez acheté le vôtre. Elle ne peut pas se connecter en Wi-Fi, et c’est voulu : elle mesure la connexion qui entre chez vous, pas votre réseau sans fil.</p>
<h2>Le bon port</h2>
<ul>
<li>Utilisez un port LAN, habituellement numéroté ou marqué LAN ou Ethernet.</li>
<li>N’utilisez pas le port WAN, Internet, DSL ou fibre : c’est par là qu’arrive la ligne de votre fournisseur.</li>
<li>Si tous les ports sont occupés, débranchez un appareil qui peut passer au Wi-Fi, ou ajoutez un simple commutateur réseau et informez-nous-en dans une demande.</li>
</ul>
<h2>Les foyers qui ont plus d’un boîtier</h2>
<ul>
<li><strong>Fibre avec un terminal optique séparé (ONT) :</strong> branchez la Whitebox au routeur, pas au boîtier de fibre fixé au mur.</li>
<li><strong>Systèmes Wi-Fi maillés :</strong> branchez-la à l’unité principale, celle qui est reliée à la ligne de votre fournisseur, pas à un satellite.</li>
<li><strong>Adaptateurs CPL et prolongateurs Wi-Fi :</strong> évitez-les. Ils ajoutent leurs propres ralentissements et feraient paraître votre ligne moins bonne qu’elle ne l’est.</li>
</ul>
<h2>Où la placer</h2>
<p>Partout où le câble se rend : sur une tablette ou au sol, dans n’importe quelle position. Gardez les ouvertures d’aération dégagées et éloignées des sources de chaleur. Elle est silencieuse et ses voyants sont discrets.</p>
<p>Si vous changez de routeur plus tard, déplacez la Whitebox vers le nouveau : voyez <a href="${link(5102)}">J’ai changé de routeur</a>.</p>`,
    },
    2103: {
      title: 'La signification des voyants',
      body: `<p>L’avant de votre Whitebox compte trois voyants. Ensemble, ils vous disent si elle fonctionne, sans que vous ayez à vous connecter.</p>
<h2>Alimentation</h2>
<ul>
<li><strong>Vert fixe :</strong> l’appareil est allumé.</li>
<li><strong>Éteint :</strong> aucune alimentation. Vérifiez l’adaptateur et la prise.</li>
</ul>
<h2>Réseau</h2>
<ul>
<li><strong>Vert fixe :</strong> l’appareil est relié à votre routeur.</li>
<li><strong>Scintillant :</strong> des données circulent, habituellement pendant un test. C’est normal.</li>
<li><strong>Éteint :</strong> aucune connexion par câble. Vérifiez les deux extrémités du câble et essayez un autre port du routeur.</li>
</ul>
<h2>État</h2>
<ul>
<li><strong>Bleu fixe :</strong> tout va bien, l’appareil communique avec nos serveurs.</li>
<li><strong>Bleu clignotant lentement :</strong> démarrage en cours, ou attente parce que votre foyer utilise la connexion.</li>
<li><strong>Ambre clignotant :</strong> installation d’une mise à jour logicielle. Ne débranchez pas l’appareil; cela peut prendre jusqu’à 15 minutes.</li>
<li><strong>Ambre fixe :</strong> l’appareil est relié au routeur, mais n’arrive pas à joindre Internet ou nos serveurs.</li>
</ul>
<h2>Séquences habituelles</h2>
<p>Juste après la mise sous tension, le voyant d’état clignote quelques minutes, puis reste bleu. S’il demeure ambre plus de 30 minutes, vérifiez que vos autres appareils accèdent à Internet, puis redémarrez le routeur et la Whitebox. Si cela ne suffit pas, voyez <a href="${link(5101)}">Ma Whitebox est indiquée hors ligne</a>.</p>`,
    },
    2201: {
      title: 'Déménager avec votre Whitebox',
      body: `<p>Déménager ne veut pas dire quitter l’étude. Dans la plupart des cas, vous pouvez emporter votre Whitebox et continuer.</p>
<h2>Avant le déménagement</h2>
<ol>
<li>Envoyez-nous une demande depuis ce centre d’aide avec la date de votre déménagement et votre nouvelle adresse.</li>
<li>Indiquez-nous votre nouveau fournisseur et votre nouveau forfait s’ils changent. L’étude peut avoir besoin d’une autre répartition des fournisseurs; il arrive donc que nous vous demandions plutôt de retourner l’appareil.</li>
<li>Le jour du déménagement, débranchez la Whitebox et emballez-la avec son adaptateur et son câble.</li>
</ol>
<h2>Après le déménagement</h2>
<ol>
<li>Attendez que votre nouveau service Internet fonctionne sur vos autres appareils.</li>
<li>Branchez la Whitebox au nouveau routeur avec un câble, comme la première fois : voyez <a href="${link(2101)}">Installer votre Whitebox</a>.</li>
<li>Vérifiez votre adresse d’installation sous <strong>Paramètres</strong>, <strong>Renseignements personnels</strong>.</li>
<li>Si votre fournisseur ou votre forfait a changé, mettez à jour les <strong>Détails du service large bande</strong> avec la date du changement : voyez <a href="${link(2202)}">Changer de fournisseur ou de forfait</a>.</li>
</ol>
<h2>Pourquoi l’adresse compte</h2>
<p>Les résultats sont regroupés par région : ceux de votre nouveau domicile ne doivent pas être comptés dans l’ancienne. Les dates que vous nous donnez nous permettent de bien séparer votre historique.</p>
<p>La période du déménagement apparaît dans votre tableau de bord comme une période hors ligne de votre Whitebox. C’est normal, et cela n’est pas retenu contre votre fournisseur.</p>
<p>Si vous déménagez à l’étranger, ou dans un logement sans Internet fixe, l’étude ne peut pas y utiliser l’appareil; veuillez le retourner : voyez <a href="${link(2203)}">Retourner votre Whitebox</a>.</p>`,
    },
    2202: {
      title: 'Changer de fournisseur ou de forfait',
      body: `<p>Vos résultats sont comparés au forfait que vous payez. Garder vos renseignements à jour rend donc votre tableau de bord et les données de l’étude plus justes.</p>
<h2>Quand faire la mise à jour</h2>
<ul>
<li>vous êtes passé à un autre fournisseur;</li>
<li>vous avez changé de forfait, à la hausse ou à la baisse, même chez le même fournisseur;</li>
<li>votre fournisseur vous a fait passer à une nouvelle technologie, par exemple du cuivre à la fibre.</li>
</ul>
<h2>Comment faire la mise à jour</h2>
<ol>
<li>Connectez-vous et ouvrez <strong>Paramètres</strong>, puis <strong>Détails du service large bande</strong>.</li>
<li>Choisissez <strong>Mettre à jour</strong>.</li>
<li>Sélectionnez votre fournisseur, puis votre forfait dans la liste.</li>
<li>Entrez la date d’entrée en vigueur du changement, pas la date de la commande.</li>
<li>Enregistrez. Les résultats à partir de cette date sont comparés au nouveau forfait.</li>
</ol>
<p>Si votre forfait ne figure pas dans la liste, choisissez le plus proche et envoyez-nous une demande avec son nom exact tel qu’il apparaît sur votre facture; nous ajoutons régulièrement les forfaits manquants.</p>
<h2>Si votre routeur change aussi</h2>
<p>Un nouveau fournisseur envoie généralement un nouveau routeur. Déplacez le câble de la Whitebox vers le nouveau routeur dès que le nouveau service fonctionne : voyez <a href="${link(5102)}">J’ai changé de routeur</a>.</p>
<h2>Les changements que vous ne pouvez pas faire vous-même</h2>
<p>Si l’option de mise à jour n’apparaît pas, c’est que votre étude gère les forfaits de façon centralisée; envoyez-nous une demande avec les nouveaux renseignements et la date, et nous ferons le changement pour vous.</p>`,
    },
    2203: {
      title: 'Retourner votre Whitebox',
      body: `<p>La Whitebox demeure la propriété de l’étude. Nous vous demandons donc de la retourner quand vous vous retirez ou que l’étude prend fin. Le retour est gratuit.</p>
<h2>Comment la retourner</h2>
<ol>
<li>Envoyez-nous une demande depuis ce centre d’aide en précisant que vous souhaitez retourner votre Whitebox. Si vous quittez l’étude, mentionnez-le dans la même demande.</li>
<li>Nous vous envoyons par courriel une étiquette de retour prépayée, ou un code de dépôt dans les pays où les colis se retournent au bureau de poste ou dans un casier.</li>
<li>Débranchez la Whitebox et son adaptateur. Vous pouvez garder le câble réseau.</li>
<li>Placez-les dans la boîte d’origine si vous l’avez encore, ou dans toute boîte solide avec un peu de rembourrage.</li>
<li>Apposez l’étiquette et déposez le colis dans les 14 jours.</li>
</ol>
<h2>Bon à savoir</h2>
<ul>
<li>Inutile de réinitialiser ou d’effacer la Whitebox. Elle ne contient aucun renseignement personnel, seulement des résultats de tests qui nous ont déjà été transmis.</li>
<li>Notez le numéro de série imprimé sur l’étiquette, qui commence par <code>WB</code>, avant de fermer la boîte, et gardez votre preuve d’envoi jusqu’à ce que nous confirmions la réception.</li>
<li>Appareil perdu ou endommagé : dites-le-nous franchement. Nous ne facturons pas les accidents aux bénévoles.</li>
</ul>
<h2>Après la réception</h2>
<p>Nous vous écrivons pour confirmer. Votre tableau de bord reste accessible 30 jours pour que vous puissiez revoir vos résultats, puis il est fermé, à moins que vous ayez demandé la suppression de votre compte avant : voyez <a href="${link(3301)}">Supprimer votre compte</a>.</p>`,
    },
    3101: {
      title: 'Vous connecter à votre tableau de bord',
      body: `<p>Votre tableau de bord présente les résultats de votre propre Whitebox. Connectez-vous avec l’adresse courriel utilisée lors de votre inscription et le mot de passe que vous avez choisi.</p>
<h2>Comment vous connecter</h2>
<ol>
<li>Ouvrez le site Whitebox ou l’application installée et choisissez <strong>Se connecter</strong>.</li>
<li>Entrez votre courriel et votre mot de passe.</li>
<li>Vous arrivez sur votre tableau de bord, à l’onglet <strong>Tests Whitebox</strong>.</li>
</ol>
<p>Avant l’arrivée de votre Whitebox, la connexion vous mène à votre profil, où vous pouvez suivre votre demande.</p>
<h2>Rester connecté</h2>
<p>Vous restez connecté sur votre appareil jusqu’à ce que vous vous déconnectiez, même sans connexion Internet : le tableau de bord affiche alors les derniers résultats téléchargés et indique leur âge. Sur un ordinateur partagé, déconnectez-vous toujours à partir du menu du compte quand vous avez terminé.</p>
<h2>Si ça ne fonctionne pas</h2>
<ul>
<li><strong>Courriel ou mot de passe erroné :</strong> vérifiez les fautes de frappe et la touche de verrouillage des majuscules, ou réinitialisez votre mot de passe : voyez <a href="${link(3102)}">Réinitialiser votre mot de passe</a>.</li>
<li><strong>Compte verrouillé ou mot de passe expiré :</strong> voyez <a href="${link(3103)}">Comptes verrouillés ou expirés</a>.</li>
<li><strong>Un avis indique que la connexion a été déplacée :</strong> certaines études ont transféré leurs tableaux de bord vers une plateforme partenaire. Suivez le lien de l’avis et connectez-vous là-bas.</li>
<li><strong>Authentification unique :</strong> quelques organisations se connectent par leur propre page d’entreprise. Utilisez l’adresse fournie par votre organisation.</li>
</ul>
<p>L’adresse de votre tableau de bord fonctionne sur téléphone, tablette et ordinateur. Vous pouvez aussi <a href="${link(3203)}">l’installer comme une application</a>.</p>`,
    },
    3102: {
      title: 'Réinitialiser votre mot de passe',
      body: `<p>Si vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau en quelques minutes. Il vous faut seulement accéder à l’adresse courriel de votre compte.</p>
<h2>Étapes</h2>
<ol>
<li>Sur la page de connexion, choisissez <strong>Mot de passe oublié?</strong></li>
<li>Entrez l’adresse courriel de votre compte et envoyez le formulaire.</li>
<li>Ouvrez le courriel que nous vous envoyons et suivez le lien qu’il contient. Le lien ne fonctionne qu’une fois et expire après une heure.</li>
<li>Choisissez un nouveau mot de passe, tapez-le deux fois et enregistrez.</li>
<li>Connectez-vous avec le nouveau mot de passe.</li>
</ol>
<h2>Choisir un mot de passe solide</h2>
<p>Votre mot de passe doit compter de 10 à 128 caractères et combiner au moins trois des éléments suivants : lettres minuscules, lettres majuscules, chiffres et symboles. Une courte phrase de quatre ou cinq mots sans lien entre eux est longue, solide et facile à retenir. N’utilisez pas le mot de passe d’un autre site.</p>
<h2>Aucun courriel reçu?</h2>
<ul>
<li>Attendez cinq minutes et vérifiez votre dossier de courrier indésirable.</li>
<li>Si la page indique qu’aucun compte n’utilise cette adresse, vous vous êtes peut-être inscrit avec une autre : essayez vos autres adresses.</li>
<li>Si le lien est déclaré invalide ou déjà utilisé, demandez un nouveau courriel et utilisez le plus récent.</li>
</ul>
<h2>Changer un mot de passe que vous connaissez</h2>
<p>Une fois connecté, ouvrez <strong>Paramètres</strong>, <strong>Renseignements personnels</strong>, <strong>Mot de passe</strong>. Le changement vous déconnecte de vos autres appareils, ce qui est utile si vous pensez que quelqu’un d’autre connaît votre mot de passe.</p>`,
    },
    3103: {
      title: 'Comptes verrouillés ou expirés',
      body: `<p>Pour protéger vos résultats et vos renseignements personnels, votre compte est verrouillé pendant un certain temps après plusieurs mots de passe erronés, et certaines études exigent de changer le mot de passe régulièrement.</p>
<h2>Verrouillage après des mots de passe erronés</h2>
<p>Quand il ne reste que quelques tentatives, la page de connexion vous avertit. Si vous continuez, le compte est verrouillé et la page indique pendant combien de minutes. Des verrouillages répétés peuvent devenir permanents.</p>
<ul>
<li>Attendez que le délai indiqué soit écoulé, puis connectez-vous avec soin.</li>
<li>Si vous n’êtes pas certain de votre mot de passe, ne continuez pas à deviner : réinitialisez-le plutôt. Voyez <a href="${link(3102)}">Réinitialiser votre mot de passe</a>.</li>
<li>Si la page indique que le verrouillage est permanent, envoyez-nous une demande depuis ce centre d’aide; nous déverrouillerons le compte après avoir vérifié votre identité.</li>
</ul>
<h2>Mot de passe expiré</h2>
<p>Certaines études demandent un nouveau mot de passe après un nombre de jours déterminé. Quand le vôtre est expiré, la connexion vous mène à une page où vous en choisissez un nouveau immédiatement. Vos résultats et vos paramètres sont conservés; seul le mot de passe change.</p>
<h2>Compte non pris en charge</h2>
<p>Si la page indique que votre compte ne peut pas utiliser ce site, il a peut-être été désactivé ou appartient à un autre service. Envoyez-nous une demande avec l’adresse courriel que vous utilisez et nous vérifierons.</p>
<h2>Vous n’avez pas tenté de vous connecter?</h2>
<p>Un verrouillage dont vous n’êtes pas la cause peut signifier que quelqu’un a tenté de deviner votre mot de passe. Choisissez un nouveau mot de passe unique dès que vous avez retrouvé l’accès.</p>`,
    },
    3201: {
      title: 'Changer la langue',
      body: `<p>Whitebox est offert en anglais, en arabe et en français. Le tableau de bord, nos courriels et ce centre d’aide suivent la langue que vous choisissez.</p>
<h2>Comment la changer</h2>
<ul>
<li><strong>Une fois connecté :</strong> ouvrez le menu du compte, trouvez <strong>Langue</strong> et faites votre choix.</li>
<li><strong>Sans être connecté :</strong> utilisez le sélecteur <strong>Langue</strong> de la page de connexion ou du formulaire d’inscription.</li>
</ul>
<p>Le changement s’applique immédiatement, sans recharger la page. En arabe, les pages se lisent de droite à gauche.</p>
<h2>Où votre choix est conservé</h2>
<p>Votre appareil retient la langue, qui reste la même la fois suivante, même hors ligne. Quand vous êtes connecté, elle est aussi enregistrée dans votre compte, si bien que vos autres appareils et nos courriels l’utilisent également.</p>
<h2>Dans ce centre d’aide</h2>
<p>Chaque article est rédigé dans les trois langues. Si un article n’a pas encore été traduit, il s’affiche en anglais jusqu’à ce que la traduction soit prête. Le code de langue dans l’adresse d’une page d’aide, comme <code>/hc/fr-ca/</code>, indique la langue dans laquelle vous lisez.</p>
<h2>Dates et nombres</h2>
<p>Les dates, les heures et les nombres suivent les conventions de la langue choisie. Les vitesses sont toujours exprimées en mégabits par seconde (Mbit/s) et la latence en millisecondes (ms).</p>
<p>Un texte sonne mal dans votre langue? Dites-le-nous dans une demande; vos commentaires sont les bienvenus.</p>`,
    },
    3202: {
      title: 'Préférences de courriel et alertes',
      body: `<p>C’est vous qui décidez quels courriels vous recevez de notre part. Les messages liés à votre compte, comme la réinitialisation du mot de passe, sont toujours envoyés; tout le reste est facultatif.</p>
<h2>Ce que vous pouvez recevoir</h2>
<ul>
<li><strong>Alertes de déconnexion :</strong> quand votre connexion est tombée depuis un moment, pour que vous puissiez la signaler à votre fournisseur avec les heures exactes.</li>
<li><strong>Alertes de performance :</strong> quand vos vitesses restent nettement sous vos résultats habituels pendant plusieurs jours.</li>
<li><strong>Bulletins :</strong> un résumé mensuel de vos résultats.</li>
<li><strong>Nouvelles du produit :</strong> des nouvelles occasionnelles sur l’étude et les nouvelles fonctions.</li>
</ul>
<h2>Modifier vos choix</h2>
<ol>
<li>Connectez-vous et ouvrez <strong>Paramètres</strong>, puis <strong>Préférences de courriel</strong>.</li>
<li>Cochez ou décochez chaque type de courriel.</li>
<li>Enregistrez.</li>
</ol>
<h2>Suspendre les alertes pendant un certain temps</h2>
<p>Vous partez en vacances ou attendez des travaux sur votre ligne? Vous pouvez suspendre les alertes jusqu’à une date située au plus 90 jours plus tard. Elles reprennent d’elles-mêmes à cette date : inutile de penser à les réactiver.</p>
<h2>Vous désabonner d’un courriel</h2>
<p>Chaque courriel facultatif comporte un lien de désabonnement au bas du message. Il désactive ce type de courriel seulement.</p>
<h2>Vous ne recevez pas nos courriels?</h2>
<p>Vérifiez votre dossier de courrier indésirable et ajoutez notre adresse à vos contacts. Si votre adresse courriel a changé, mettez-la à jour sous <strong>Paramètres</strong>, <strong>Renseignements personnels</strong>, <strong>Courriel</strong>.</p>
<p>Les bulletins précédents sont aussi conservés sous <strong>Paramètres</strong>, <strong>Bulletins</strong>.</p>`,
    },
    3203: {
      title: 'Installer l’application et l’utiliser hors ligne',
      body: `<p>Vous pouvez installer Whitebox sur votre téléphone, votre tablette ou votre ordinateur comme une application, sans passer par une boutique d’applications. Elle s’ouvre en plein écran, démarre rapidement et continue de fonctionner sans connexion.</p>
<h2>Comment l’installer</h2>
<ul>
<li><strong>Depuis le site :</strong> connectez-vous, ouvrez le menu du compte et choisissez <strong>Installer l’application</strong>.</li>
<li><strong>Android, Chrome ou Edge :</strong> ouvrez le menu du navigateur et choisissez <strong>Installer l’application</strong> ou <strong>Ajouter à l’écran d’accueil</strong>.</li>
<li><strong>iPhone et iPad :</strong> dans Safari, touchez le bouton de partage, puis <strong>Sur l’écran d’accueil</strong>.</li>
</ul>
<h2>Ce qui fonctionne hors ligne</h2>
<ul>
<li>Votre tableau de bord affiche les derniers résultats téléchargés, avec l’heure à laquelle ils ont été obtenus.</li>
<li>Les articles d’aide que vous avez ouverts, et la page d’accueil du centre d’aide, restent lisibles.</li>
<li>La recherche du centre d’aide parcourt les articles enregistrés sur votre appareil, et vous le signale.</li>
<li>Une demande rédigée hors ligne est conservée et envoyée automatiquement au retour de la connexion.</li>
</ul>
<h2>Ce qui exige une connexion</h2>
<p>Les nouveaux résultats, les tests instantanés, la modification de vos paramètres et la première connexion sur un appareil nécessitent Internet. L’application vous indique quand quelque chose doit attendre.</p>
<h2>Mises à jour</h2>
<p>Quand une nouvelle version est prête, l’application vous propose de la mettre à jour; elle ne se recharge jamais au milieu de ce que vous faites.</p>
<h2>Déconnexion</h2>
<p>La déconnexion efface de l’appareil vos résultats enregistrés. Pensez-y sur les appareils partagés.</p>`,
    },
    3301: {
      title: 'Supprimer votre compte',
      body: `<p>Vous pouvez nous demander en tout temps de supprimer votre compte et vos renseignements personnels. La suppression est définitive; veuillez d’abord lire ce qu’elle implique.</p>
<h2>Ce qui est supprimé</h2>
<ul>
<li>votre nom, votre adresse courriel, votre numéro de téléphone et vos adresses;</li>
<li>vos informations de connexion et vos préférences de courriel;</li>
<li>le lien entre vous et les résultats de votre Whitebox : votre tableau de bord et vos bulletins disparaissent.</li>
</ul>
<h2>Ce qui est conservé</h2>
<p>Les résultats de tests déjà recueillis restent dans les données combinées et anonymes de l’étude. Sans vos renseignements, ils ne peuvent plus être rattachés à vous. Les rapports publiés ne sont pas modifiés.</p>
<h2>Comment en faire la demande</h2>
<ol>
<li>Si vous avez une Whitebox, organisez d’abord son retour : voyez <a href="${link(2203)}">Retourner votre Whitebox</a>. Vous pouvez demander les deux dans une seule demande.</li>
<li>Envoyez-nous une demande depuis ce centre d’aide, à partir de l’adresse courriel de votre compte, avec l’objet <strong>Supprimer mon compte</strong>.</li>
<li>Nous vous répondons pour confirmer votre identité. Répondez à ce courriel pour confirmer.</li>
<li>Nous supprimons vos renseignements dans un délai de 30 jours et vous écrivons une fois la suppression terminée.</li>
</ol>
<h2>Avant de supprimer</h2>
<ul>
<li>Vous voulez moins de courriels? Modifiez plutôt vos <a href="${link(3202)}">préférences de courriel</a>.</li>
<li>Vous voulez vos données? Demandez une copie de vos résultats dans la même demande; nous vous l’enverrons avant de supprimer quoi que ce soit.</li>
<li>Vous voulez seulement cesser de participer? Voyez <a href="${link(1301)}">Se retirer d’une étude</a>.</li>
</ul>
<p>Vous pourrez vous réinscrire plus tard, mais votre historique précédent ne pourra pas être restauré.</p>`,
    },
    4101: {
      title: 'Quand et comment les tests ont lieu',
      body: `<p>Votre Whitebox effectue ses tests automatiquement, jour et nuit. Vous n’avez rien à faire et vous pouvez utiliser votre connexion normalement.</p>
<h2>L’horaire</h2>
<ul>
<li><strong>Les tests de vitesse</strong> (téléchargement et téléversement) ont lieu plusieurs fois par jour, répartis sur toutes les heures du jour et de la nuit, avec des tests supplémentaires à l’heure de pointe du soir, entre 20 h et 22 h, quand les réseaux sont les plus sollicités.</li>
<li><strong>La latence et la perte de paquets</strong> sont mesurées en continu, en arrière-plan, à l’aide de très petits paquets.</li>
<li><strong>Les tests de navigation Web, de DNS, de diffusion vidéo et de jeu</strong> ont lieu quelques fois par heure.</li>
<li><strong>Les déconnexions</strong> sont surveillées en permanence.</li>
</ul>
<h2>Les tests vous attendent</h2>
<p>Avant chaque test, la Whitebox vérifie la quantité d’autres données qui circulent sur votre réseau. Si quelqu’un regarde une vidéo, joue en ligne ou télécharge, elle reporte le test et réessaie un peu plus tard. Votre connexion reste ainsi libre pour vous, et les résultats restent justes : un test qui partage la ligne avec un film mesurerait le film, pas votre service Internet.</p>
<p>Les tests reportés apparaissent dans votre tableau de bord sous <strong>Tests non effectués</strong>. Quelques-uns par jour, c’est normal; beaucoup chaque soir signifie simplement un foyer occupé.</p>
<h2>Où vont les tests</h2>
<p>Les tests sont effectués vers des serveurs de mesure dédiés situés dans votre pays ou à proximité, et vers de vrais services populaires pour la vidéo et le Web. Ils mesurent ainsi la performance que vous obtiendriez réellement.</p>
<h2>Consulter les résultats</h2>
<p>Les résultats arrivent dans votre tableau de bord en une heure environ. Choisissez jusqu’à six mesures à afficher et une période d’un jour, d’une semaine, de deux semaines ou d’un mois. Voyez aussi <a href="${link(4103)}">Les tests instantanés</a>.</p>`,
    },
    4102: {
      title: 'La quantité de données utilisée par les tests',
      body: `<p>Les tests envoient et reçoivent de vraies données, car c’est la seule façon honnête de mesurer une connexion. Sur un forfait illimité, la quantité ne change rien; sur un forfait avec une limite de données, mieux vaut la connaître.</p>
<h2>Consommation habituelle</h2>
<p>La quantité dépend de votre vitesse, car un test de vitesse transfère autant de données que la ligne le permet pendant un nombre fixe de secondes. Sur une ligne plus lente, une Whitebox utilise quelques gigaoctets par semaine; sur une ligne de fibre rapide, des dizaines de gigaoctets par semaine (environ 60 à 80 Go pour une ligne à 300 Mbit/s, par exemple). Les tests de latence, de perte de paquets et les autres en utilisent très peu.</p>
<h2>Consulter votre propre chiffre</h2>
<p>Votre tableau de bord comporte un panneau <strong>Données utilisées par les tests</strong> qui indique ce que votre Whitebox a utilisé pendant la période choisie. Il ne compte que le trafic des tests, pas votre propre usage.</p>
<h2>Si votre forfait comporte une limite de données</h2>
<ul>
<li>Vérifiez votre limite avant de brancher l’appareil. Avec un forfait illimité, il n’y a rien à craindre.</li>
<li>Si vous avez un plafond mensuel, envoyez-nous une demande en l’indiquant. Nous pouvons réduire le nombre de tests de vitesse de votre appareil pour qu’il n’en utilise qu’une petite part fixe.</li>
<li>Prévenez-nous avant d’atteindre votre limite, pas après : nous ne pouvons pas annuler les frais de votre fournisseur.</li>
</ul>
<h2>Ce qui utilise peu de données</h2>
<p>Les vérifications de latence, de perte de paquets, de DNS et de déconnexion utilisent de très petits paquets; ensemble, elles représentent quelques mégaoctets par jour. L’essentiel des données sert aux tests de vitesse et de vidéo.</p>
<h2>Votre propre trafic</h2>
<p>La Whitebox mesure la quantité des autres données sur votre réseau uniquement pour éviter de tester quand vous êtes occupé. Elle n’en examine jamais le contenu : voyez <a href="${link(1201)}">Les données que recueille votre Whitebox</a>.</p>`,
    },
    4103: {
      title: 'Les tests instantanés',
      body: `<p>En plus de ses tests programmés, une Whitebox compatible peut effectuer un test au moment où vous le demandez. C’est utile quand votre connexion semble lente et que vous voulez savoir si la ligne ou votre propre appareil est en cause.</p>
<h2>Lancer un test instantané</h2>
<ol>
<li>Connectez-vous et ouvrez votre tableau de bord à l’onglet <strong>Tests Whitebox</strong>.</li>
<li>Dans le panneau <strong>Test instantané</strong>, choisissez <strong>Lancer un test instantané</strong>.</li>
<li>Gardez la page ouverte. La progression s’affiche à mesure que chaque mesure se termine; le test complet prend environ dix secondes.</li>
<li>Les résultats s’ajoutent à la liste des tests instantanés, et vous pouvez ouvrir ou partager chacun d’eux.</li>
</ol>
<h2>Ce qu’il mesure</h2>
<p>Les vitesses de téléchargement et de téléversement, la latence et la perte de paquets, mesurées par la Whitebox sur son câble. Comme le test contourne votre Wi-Fi, le comparer à un test de vitesse sur votre téléphone montre ce que vous coûte votre réseau sans fil : voyez <a href="${link(5202)}">Vitesses en Wi-Fi et par câble</a>.</p>
<h2>À savoir</h2>
<ul>
<li>Un seul test peut s’exécuter à la fois sur une Whitebox. Si un test programmé est en cours, attendez une minute et réessayez.</li>
<li>Les tests instantanés exigent aussi une connexion sur votre téléphone ou votre ordinateur; ils ne peuvent pas être mis en file d’attente pour plus tard.</li>
<li>Les Whitebox plus anciennes, et celles branchées à certains types de connexion, ne peuvent pas effectuer de tests instantanés. Leurs tests programmés se poursuivent normalement.</li>
<li>Évitez de lancer des tests instantanés à répétition : chacun utilise des données et de la capacité sur nos serveurs de test.</li>
</ul>
<p>Si votre test est refusé, le message en donne la raison : voyez <a href="${link(5203)}">Pourquoi un test instantané a été refusé</a>.</p>`,
    },
    4201: {
      title: 'Vitesses de téléchargement et de téléversement',
      body: `<p>La vitesse est ce que la plupart des gens entendent par « Internet rapide ». C’est la quantité de données que votre connexion peut transporter chaque seconde, mesurée en mégabits par seconde (Mbit/s).</p>
<h2>Vitesse de téléchargement</h2>
<p>C’est la vitesse à laquelle les données arrivent chez vous : pages Web, films, mises à jour de jeux et appels vidéo de vos interlocuteurs. Votre Whitebox télécharge depuis un serveur de mesure par plusieurs connexions simultanées pendant une dizaine de secondes et note le débit stable atteint. Nous utilisons plusieurs connexions parce que c’est ainsi que les navigateurs et les applications récupèrent les données, et qu’une seule connexion peut sous-estimer une ligne rapide.</p>
<h2>Vitesse de téléversement</h2>
<p>C’est la vitesse à laquelle les données quittent votre domicile : envoi de photos, sauvegarde infonuagique, votre côté d’un appel vidéo. Elle se mesure de la même façon, dans l’autre sens. Dans la plupart des forfaits, le téléversement est beaucoup plus lent que le téléchargement; c’est voulu.</p>
<h2>Lire votre tableau de bord</h2>
<ul>
<li>La <strong>médiane</strong> est la valeur du milieu de la période : la moitié des tests étaient plus rapides, l’autre moitié plus lents. Elle est moins influencée par un résultat isolé que la moyenne.</li>
<li>La <strong>dernière valeur</strong> est celle du test le plus récent.</li>
<li>La vitesse de votre forfait est tracée sur le graphique pour comparaison.</li>
</ul>
<h2>Ce qui est normal</h2>
<p>Des résultats un peu sous la vitesse annoncée sont courants, car les forfaits sont vendus « jusqu’à » une certaine vitesse et une partie de la capacité sert au fonctionnement du réseau. Une baisse nette chaque soir indique une congestion; une chute soudaine à toute heure indique une panne. Voyez <a href="${link(5201)}">Mes résultats sont plus lents que mon forfait</a>.</p>`,
    },
    4202: {
      title: 'Latence, gigue et perte de paquets',
      body: `<p>Une connexion rapide peut quand même sembler lente. La latence, la gigue et la perte de paquets expliquent pourquoi les appels vidéo figent ou les jeux accusent du retard même quand les tests de vitesse sont bons.</p>
<h2>Latence</h2>
<p>Le temps que met un petit paquet pour atteindre un serveur et revenir, en millisecondes (ms). On l’appelle parfois « ping ». Plus elle est basse, mieux c’est :</p>
<ul>
<li>moins de 20 ms : excellente, typique de la fibre;</li>
<li>de 20 à 50 ms : bonne pour tous les usages, y compris le jeu en ligne;</li>
<li>plus de 100 ms : perceptible dans les appels et les jeux.</li>
</ul>
<p>Une latence qui grimpe fortement quand la ligne est chargée, par exemple pendant un téléversement, signale une mise en mémoire tampon dans le routeur ou le réseau.</p>
<h2>Gigue</h2>
<p>La variation de la latence d’un paquet à l’autre. Les appels et la diffusion en direct ont besoin de paquets qui arrivent à un rythme régulier; une forte gigue rend les voix robotiques et fait saccader l’image.</p>
<h2>Perte de paquets</h2>
<p>La proportion de paquets qui n’arrivent jamais, en pourcentage. Les applications renvoient ce qui est perdu, ce qui ralentit tout, et l’audio et la vidéo en direct sautent tout simplement. Toute valeur régulièrement supérieure à 1 % mérite qu’on s’y attarde.</p>
<h2>Comment votre Whitebox les mesure</h2>
<p>Elle envoie un mince flux régulier de très petits paquets vers des serveurs de mesure, jour et nuit, en utilisant très peu de données. C’est pourquoi ces graphiques restent détaillés même quand des tests de vitesse sont reportés.</p>
<p>Une perte persistante ou une latence élevée à toute heure indique souvent une panne de ligne : signalez-la à votre fournisseur avec vos graphiques. Voyez aussi <a href="${link(4205)}">Déconnexions</a>.</p>`,
    },
    4203: {
      title: 'DNS et navigation Web',
      body: `<p>Avant de pouvoir charger une page, votre navigateur doit trouver l’adresse du site, puis récupérer des dizaines de fichiers. Ces deux tests mesurent la rapidité de ces étapes.</p>
<h2>DNS</h2>
<p>Le système de noms de domaine (DNS) convertit un nom comme <code>example.com</code> en l’adresse numérique qu’utilisent les ordinateurs. Votre fournisseur exploite des serveurs DNS pour vous, et chaque nouveau site que vous ouvrez commence par une résolution.</p>
<p>Votre Whitebox mesure :</p>
<ul>
<li><strong>Le temps de résolution DNS :</strong> la durée d’une résolution, en millisecondes. Quelques dizaines de millisecondes, c’est normal.</li>
<li><strong>Les échecs DNS :</strong> la proportion de résolutions restées sans réponse. Même un faible taux fait échouer l’ouverture de pages au hasard.</li>
</ul>
<h2>Navigation Web</h2>
<p>La Whitebox charge les pages d’accueil d’un ensemble de sites populaires, avec toutes leurs images et leurs scripts, et note le temps que prend chacune. Elle n’affiche pas les pages, ne les conserve pas et n’y est jamais connectée.</p>
<p>Le temps de chargement dépend autant de la latence et du DNS que de la vitesse : au-delà d’un certain point, un forfait plus rapide n’y change presque rien. C’est pourquoi ce test révèle ce que les tests de vitesse ne montrent pas.</p>
<h2>Quand ces résultats semblent anormaux</h2>
<ul>
<li>Un DNS lent ou défaillant alors que les autres résultats sont bons signale souvent un problème des serveurs DNS de votre fournisseur. Signalez-le-lui avec les dates de votre graphique.</li>
<li>Si vous avez modifié les réglages DNS de votre routeur, dites-le-nous dans une demande : la Whitebox mesure alors ces serveurs plutôt que ceux de votre fournisseur.</li>
</ul>`,
    },
    4204: {
      title: 'Diffusion vidéo et jeu en ligne',
      body: `<p>Ces tests mesurent deux activités quotidiennes à l’aide de vrais services plutôt que de serveurs de laboratoire.</p>
<h2>Diffusion vidéo</h2>
<p>Votre Whitebox fait jouer de courts extraits de services de diffusion populaires, comme Netflix, YouTube et BBC iPlayer là où il est offert, sans les afficher. Elle note :</p>
<ul>
<li><strong>le débit atteint :</strong> la quantité de données vidéo par seconde que le service a choisi d’envoyer;</li>
<li><strong>le délai de démarrage :</strong> le temps avant que l’image apparaisse;</li>
<li><strong>les interruptions :</strong> si la vidéo aurait fait une pause pour se mettre en mémoire tampon.</li>
</ul>
<p>Dans votre tableau de bord, le débit est converti en qualité attendue : définition standard (SD), haute définition (HD) ou ultra haute définition (4K). Chaque service a ses propres seuils, car chacun compresse la vidéo différemment.</p>
<h2>Jeu en ligne</h2>
<p>Les jeux en ligne envoient de petites mises à jour plusieurs fois par seconde : ils dépendent bien plus de la latence, de la gigue et de la perte de paquets que de la vitesse. Votre Whitebox mesure le temps d’aller-retour vers des serveurs utilisés par des jeux populaires, et sa stabilité.</p>
<ul>
<li>Moins de 50 ms avec peu de variation : jeu fluide, même dans les jeux rapides.</li>
<li>Plus de 100 ms, ou des pointes fréquentes : retard perceptible.</li>
</ul>
<h2>Pourquoi votre expérience peut différer</h2>
<p>La Whitebox est reliée par câble à votre routeur. Une console ou un téléviseur en Wi-Fi, ou dans une pièce éloignée du routeur, peut faire moins bien : voyez <a href="${link(5202)}">Vitesses en Wi-Fi et par câble</a>. Les services modifient aussi leurs propres réglages avec le temps, ce qui peut légèrement déplacer les résultats de tous les fournisseurs à la fois.</p>`,
    },
    4205: {
      title: 'Déconnexions',
      body: `<p>Une connexion qui coupe sans arrêt est frustrante, même quand elle est rapide. Votre Whitebox garde une trace de chaque interruption de votre service Internet : vous avez ainsi des preuves plutôt qu’une vague impression.</p>
<h2>Comment les déconnexions sont détectées</h2>
<p>La Whitebox vérifie en continu qu’elle peut joindre Internet. Quand plusieurs vérifications de suite échouent, elle note le début d’une déconnexion, puis la fin quand la connexion revient. Comme elle est reliée par câble à votre routeur, un problème de Wi-Fi dans une autre pièce ne compte pas : il s’agit de vraies pannes de votre service.</p>
<p>Les coupures très courtes, de moins de 30 secondes, ne sont pas enregistrées, pour que de brèves interruptions n’encombrent pas votre historique.</p>
<h2>Lire le graphique</h2>
<ul>
<li>Choisissez une période d’un jour, d’une semaine, d’un mois ou d’une année.</li>
<li>Affichez soit le <strong>nombre</strong> de déconnexions, soit la <strong>durée</strong> sans connexion.</li>
<li>Un résumé donne le nombre de déconnexions et le temps total perdu pendant la période.</li>
</ul>
<h2>Ce qui compte, et ce qui ne compte pas</h2>
<ul>
<li>Si la Whitebox elle-même perd l’alimentation, par exemple lors d’une panne de courant ou d’un déménagement, elle ne peut pas tester : la période apparaît comme une période hors ligne de votre appareil, pas comme une déconnexion.</li>
<li>Les redémarrages du routeur que vous faites vous-même sont enregistrés; notez-les si vous comptez porter plainte auprès de votre fournisseur.</li>
</ul>
<h2>Utiliser cet historique</h2>
<p>Si les coupures sont fréquentes, signalez-les à votre fournisseur avec les dates et les heures du graphique. Vous pouvez aussi recevoir un courriel lors d’une longue déconnexion : voyez <a href="${link(3202)}">Préférences de courriel et alertes</a>.</p>
<p>Si le graphique indique que la mesure des déconnexions n’est pas activée, c’est que votre étude ne la recueille pas.</p>`,
    },
    5101: {
      title: 'Ma Whitebox est indiquée hors ligne',
      body: `<p>Votre tableau de bord indique que la Whitebox est hors ligne quand nous n’avons rien reçu d’elle depuis plus de 30 minutes. La plupart des cas se règlent en quelques minutes grâce aux vérifications suivantes.</p>
<h2>1. Vérifiez les voyants</h2>
<ul>
<li><strong>Aucun voyant :</strong> pas d’alimentation. Vérifiez que l’adaptateur est bien branché aux deux bouts et que la prise fonctionne. Essayez une autre prise.</li>
<li><strong>Voyant réseau éteint :</strong> le câble est mal branché ou dans le mauvais port. Enfoncez les deux extrémités jusqu’au déclic et utilisez un port LAN du routeur, pas le port WAN ou Internet.</li>
<li><strong>Voyant d’état ambre fixe :</strong> la Whitebox joint votre routeur, mais pas Internet.</li>
</ul>
<p>Voyez <a href="${link(2103)}">La signification des voyants</a> pour toutes les séquences.</p>
<h2>2. Vérifiez votre connexion Internet</h2>
<p>Votre téléphone ou votre ordinateur peut-il ouvrir des sites Web par le Wi-Fi de la maison? Sinon, le problème vient de votre service Internet : redémarrez votre routeur et, si cela ne suffit pas, communiquez avec votre fournisseur. Votre Whitebox enregistrera la panne.</p>
<h2>3. Redémarrez les deux appareils</h2>
<ol>
<li>Débranchez la Whitebox.</li>
<li>Redémarrez votre routeur et attendez qu’il soit complètement rétabli, habituellement deux ou trois minutes.</li>
<li>Rebranchez la Whitebox et attendez dix minutes.</li>
</ol>
<h2>4. Pensez aux changements récents</h2>
<p>Nouveau routeur, système maillé ou déménagement? Voyez <a href="${link(5102)}">J’ai changé de routeur</a>.</p>
<h2>Toujours hors ligne?</h2>
<p>Envoyez-nous une demande avec le numéro de série inscrit sur l’étiquette (il commence par <code>WB</code>) et l’état des voyants. Si votre Whitebox est défectueuse, nous vous en envoyons une autre sans frais.</p>`,
    },
    5102: {
      title: 'J’ai changé de routeur',
      body: `<p>Votre Whitebox doit être reliée par câble à votre routeur principal. Quand le routeur change, la Whitebox doit suivre; sinon, elle passe hors ligne ou, pire, mesure la mauvaise chose.</p>
<h2>Nouveau routeur de votre fournisseur</h2>
<ol>
<li>Installez le nouveau routeur et vérifiez que vos autres appareils accèdent à Internet.</li>
<li>Déplacez le câble réseau de la Whitebox vers un port LAN du nouveau routeur. Ne la laissez pas branchée à l’ancien.</li>
<li>Débranchez puis rebranchez la Whitebox pour qu’elle détecte le nouveau réseau.</li>
<li>En 30 minutes environ, votre tableau de bord l’indique de nouveau en ligne.</li>
</ol>
<p>Aucun réglage n’est nécessaire : la Whitebox se configure automatiquement avec tout routeur domestique standard.</p>
<h2>Vous avez aussi changé de fournisseur ou de forfait</h2>
<p>Mettez à jour les détails de votre service avec la date du changement, pour que vos résultats soient comparés au bon forfait : voyez <a href="${link(2202)}">Changer de fournisseur ou de forfait</a>.</p>
<h2>Systèmes maillés et routeurs supplémentaires</h2>
<p>Si vous avez ajouté un système maillé ou un deuxième routeur, branchez la Whitebox à l’unité reliée à la ligne de votre fournisseur. Branchée derrière un satellite ou un prolongateur, elle mesurerait votre réseau domestique plutôt que votre service Internet. Voyez <a href="${link(2102)}">Où brancher votre Whitebox</a>.</p>
<h2>Réglages du routeur qui peuvent la bloquer</h2>
<ul>
<li><strong>Contrôle parental ou approbation des appareils :</strong> certains routeurs bloquent les nouveaux appareils jusqu’à ce que vous les approuviez dans leur application. Autorisez la Whitebox.</li>
<li><strong>Pare-feu strict :</strong> la Whitebox n’établit que des connexions sortantes ordinaires. Si votre routeur les bloque pour les appareils inconnus, autorisez-la.</li>
</ul>
<p>Toujours hors ligne après une heure? Suivez <a href="${link(5101)}">Ma Whitebox est indiquée hors ligne</a>.</p>`,
    },
    5201: {
      title: 'Mes résultats sont plus lents que mon forfait',
      body: `<p>Obtenir des résultats inférieurs à la vitesse payée est courant, et c’est précisément ce que les études doivent montrer. Voici comment comprendre ce qui se passe.</p>
<h2>Regardez la tendance</h2>
<ul>
<li><strong>Un peu plus bas en tout temps :</strong> normal. Les forfaits sont vendus « jusqu’à » une vitesse, et le fonctionnement du réseau en prend une part. Des résultats à environ 10 à 15 % sous le forfait sont typiques.</li>
<li><strong>Bons le jour, lents le soir :</strong> congestion. Beaucoup de gens partagent le réseau de votre fournisseur à l’heure de pointe, entre 20 h et 22 h. C’est ce que les études comparent d’un fournisseur à l’autre.</li>
<li><strong>Soudainement plus lents à toute heure :</strong> quelque chose a changé. Pensez à un changement de routeur, à une panne de ligne ou à un changement de forfait.</li>
<li><strong>Très inférieurs à toute heure depuis le début :</strong> vérifiez que votre forfait est bien enregistré sous <strong>Paramètres</strong>, <strong>Détails du service large bande</strong>.</li>
</ul>
<h2>Vérifiez votre installation</h2>
<ul>
<li>La Whitebox doit être branchée directement au routeur principal, pas par un prolongateur ou un adaptateur CPL : voyez <a href="${link(2102)}">Où brancher votre Whitebox</a>.</li>
<li>Un vieux routeur ne peut pas toujours atteindre les vitesses d’un nouveau forfait. Demandez à votre fournisseur si le vôtre convient.</li>
</ul>
<h2>L’usage de votre foyer ne fausse pas les résultats</h2>
<p>La Whitebox attend quand votre foyer utilise la connexion : regarder des vidéos le soir ne fait donc pas paraître vos résultats plus mauvais. Voyez <a href="${link(4101)}">Quand et comment les tests ont lieu</a>.</p>
<h2>Et ensuite?</h2>
<p>Si les résultats restent bas, communiquez avec votre fournisseur. Les graphiques de votre tableau de bord, avec dates et heures, constituent une preuve solide. Beaucoup de fournisseurs s’engagent sur une vitesse minimale; demandez-leur quelle est la vôtre.</p>`,
    },
    5202: {
      title: 'Vitesses en Wi-Fi et par câble',
      body: `<p>Votre Whitebox est branchée par câble : elle mesure ce que votre service Internet livre à votre routeur. Votre téléphone ou votre portable en Wi-Fi obtient souvent moins, et ce n’est pas la faute de votre fournisseur.</p>
<h2>Pourquoi le Wi-Fi est plus lent</h2>
<ul>
<li><strong>Distance et murs :</strong> le signal faiblit à chaque mur et à chaque plancher, surtout en béton, en brique ou en métal.</li>
<li><strong>Interférences :</strong> les réseaux des voisins, les micro-ondes et les moniteurs pour bébé partagent les ondes.</li>
<li><strong>Partage :</strong> chaque appareil branché au Wi-Fi attend son tour sur le même canal.</li>
<li><strong>Votre appareil :</strong> chaque téléphone et chaque portable a sa propre vitesse maximale. Un téléphone récent peut atteindre environ 890 Mbit/s près d’un routeur moderne; un plus ancien peut plafonner autour de 80 Mbit/s. Le panneau <strong>Limites des appareils mobiles</strong> de votre tableau de bord donne des valeurs typiques.</li>
</ul>
<h2>Trouver l’origine du ralentissement</h2>
<ol>
<li>Lancez un test instantané depuis votre tableau de bord; il teste la connexion par câble : voyez <a href="${link(4103)}">Les tests instantanés</a>.</li>
<li>En même temps, faites un test de vitesse sur votre téléphone près du routeur, puis dans la pièce où tout semble lent.</li>
<li>Si la Whitebox est rapide et votre téléphone lent partout, c’est l’appareil qui limite. Si le téléphone est rapide près du routeur mais lent plus loin, c’est la couverture Wi-Fi.</li>
</ol>
<h2>Améliorer votre Wi-Fi</h2>
<ul>
<li>Placez le routeur au centre du logement et en hauteur, pas dans un placard.</li>
<li>Utilisez la bande de 5 GHz près du routeur, et celle de 2,4 GHz pour la portée.</li>
<li>Envisagez un système maillé pour une grande maison, ou un câble pour un téléviseur ou une console qui ne bouge pas.</li>
<li>Redémarrez le routeur de temps en temps et gardez son logiciel à jour.</li>
</ul>`,
    },
    5203: {
      title: 'Pourquoi un test instantané a été refusé',
      body: `<p>Quand un test instantané ne peut pas s’exécuter, le tableau de bord affiche un court message. Chacun correspond à un code, indiqué ici pour que vous puissiez le citer dans une demande.</p>
<h2>Réessayez sous peu</h2>
<ul>
<li><code>IN_PROGRESS</code> : votre Whitebox effectue déjà un test. Un seul test peut s’exécuter à la fois; attendez une minute et réessayez.</li>
<li><code>TARGET_AT_CAPACITY</code> : nos serveurs de test sont occupés par d’autres tests. Réessayez dans quelques minutes.</li>
<li><code>UNKNOWN</code> : le test a échoué pour une raison inattendue. Réessayez plus tard; si le problème persiste, envoyez-nous une demande.</li>
</ul>
<h2>Vérifiez votre Whitebox</h2>
<ul>
<li><code>UNREACHABLE</code> : votre Whitebox est hors ligne. Vérifiez qu’elle est branchée et reliée à votre routeur : voyez <a href="${link(5101)}">Ma Whitebox est indiquée hors ligne</a>.</li>
<li><code>NOT_READY</code> : votre Whitebox est joignable, mais n’est pas prête à tester, souvent juste après son démarrage ou pendant une mise à jour. Vérifiez son alimentation et votre connexion Internet, attendez quelques minutes et réessayez.</li>
</ul>
<h2>Votre Whitebox ne peut pas faire de tests instantanés</h2>
<ul>
<li><code>NOT_TT_COMPATIBLE</code> : elle a d’abord besoin d’une mise à jour logicielle. Les mises à jour s’installent automatiquement; ses tests programmés se poursuivent entre-temps.</li>
<li><code>INCOMPATIBLE</code> : son mode de connexion, par exemple par un réseau cellulaire, ne permet pas les tests instantanés.</li>
<li><code>NO_AVAILABLE_TESTS</code> : aucun test instantané n’est configuré pour votre étude. Communiquez avec votre gestionnaire de compte ou envoyez-nous une demande.</li>
<li><code>ACCESS_DENIED</code> : cette Whitebox n’est pas associée à votre compte pour les tests instantanés. Si vous croyez à une erreur, envoyez-nous une demande.</li>
</ul>
<h2>De votre côté</h2>
<p>Les tests instantanés exigent aussi une connexion sur votre téléphone ou votre ordinateur. Hors ligne, rien n’est mis en attente : relancez le test une fois la connexion rétablie.</p>`,
    },
  },
}
