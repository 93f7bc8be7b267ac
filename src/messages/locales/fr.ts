import { isDateLikeKind, pointerSegments } from '../../schema';
import { countPlural, formatDuration, formatExactNumber, formatNumber } from '../format';
import type { Messages } from '../messages';
import { sourceName, type SourceNames } from '../source-names';

const L = 'fr';
const n = (value: number) => formatNumber(value, L);
const limit = (type: string, value: number, text: string) => (isDateLikeKind(type) ? text : formatExactNumber(value, L));
// French typography: a no-break space before ":" and a narrow one before "?", so they never start a line.
const COLON = '\u00a0:';
const QUESTION = '\u202f?';
// CLDR's "many" is for round millions and above: "1 000 000 de caractères".
const characters = (count: number) => countPlural(L, count, { one: '# caractère', many: '# de caractères', other: '# caractères' });

const SOURCE_NAMES: SourceNames = {
  mcp: 'Serveur MCP',
  langgraph: 'Agent LangGraph',
  'ai-sdk': 'Agent AI SDK',
  'ag-ui': 'Agent AG-UI',
  'openai-agents': 'Agent OpenAI',
  mastra: 'Agent Mastra',
  'task-service': 'Service de tâches',
};

/** French (`fr`): every message of `Messages`, with French plurals (0 and 1 are singular), typography and number formats. */
export const fr: Messages = {
  locale: L,
  form: {
    required: () => 'Ce champ est obligatoire',
    tooShort: ({ minLength }) => `Doit contenir au moins ${characters(minLength)}`,
    tooLong: ({ maxLength }) => `Doit contenir au plus ${characters(maxLength)}`,
    patternMismatch: () => 'Doit respecter le format demandé',
    rangeUnderflow: ({ type, min, minText }) =>
      isDateLikeKind(type) ? `Doit être le ${minText} ou après` : `Doit être supérieur ou égal à ${limit(type, min, minText)}`,
    rangeOverflow: ({ type, max, maxText }) =>
      isDateLikeKind(type) ? `Doit être le ${maxText} ou avant` : `Doit être inférieur ou égal à ${limit(type, max, maxText)}`,
    stepMismatch: ({ lower, upper }) =>
      `Doit être une valeur valide, par exemple ${formatExactNumber(lower, L)} ou ${formatExactNumber(upper, L)}`,
    invalidEmail: () => 'Doit être une adresse e-mail, par exemple nom@example.com',
    invalidUrl: () => 'Doit être une adresse web complète, par exemple https://example.com',
    badInput: ({ type }) => (isDateLikeKind(type) ? 'Doit être une date ou une heure complète' : 'Doit être un nombre'),
    tooFewChosen: ({ min }) => `Choisissez au moins ${countPlural(L, min, { one: '# option', many: '# d’options', other: '# options' })}`,
    tooManyChosen: ({ max }) => `Choisissez au plus ${countPlural(L, max, { one: '# option', many: '# d’options', other: '# options' })}`,
    errorSummary: ({ count, labels }) =>
      `${countPlural(L, count, { one: 'Veuillez corriger # champ', many: 'Veuillez corriger # de champs', other: 'Veuillez corriger # champs' })}${COLON} ${labels.join(', ')}.`,
    fieldLabelFallback: ({ index }) => `Champ ${n(index + 1)}`,
    selectPlaceholder: () => 'Choisissez une option',
    submit: () => 'Envoyer',
    sent: () => 'Envoyé',
    unknownTypeNote: ({ requestedType }) => `Affiché comme champ de texte${COLON} le type « ${requestedType} » n’est pas pris en charge.`,
    invalidPatternNote: () => 'Le format demandé ne peut pas être vérifié ici, tout texte est donc accepté.',
    conflictingLimitsNote: () => 'Les limites demandées se contredisent et ne sont pas vérifiées.',
    noOptionsNote: () => 'Il n’y a aucune option à choisir.',
    invalidParameters: () => `Ce formulaire ne peut pas être affiché. La demande de l’agent d’automatisation est mal formée${COLON}`,
    agentNotice: () => 'Demandé par l’agent d’automatisation. Vérifiez-le avant de répondre.',
    showAll: ({ length }) => `Tout afficher (${characters(length)})`,
    showLess: () => 'Afficher moins',
    optionsChosen: ({ count }) => `${countPlural(L, count, { one: '# choisie', many: '# de choisies', other: '# choisies' })}${COLON}`,
    moreOptionsChosen: ({ count }) => `et ${countPlural(L, count, { one: '# autre', many: '# d’autres', other: '# autres' })}`,
    noOptionsMatch: () => 'Aucune option ne correspond',
    optionsMatching: ({ count }) =>
      count === 0 ? 'Aucune option ne correspond' : countPlural(L, count, { one: '# option', many: '# d’options', other: '# options' }),
    optionChosen: ({ option, count }) => `${option} choisie, ${countPlural(L, count, { one: '# au total', other: '# au total' })}`,
    optionRemoved: ({ option, count }) => `${option} retirée, ${countPlural(L, count, { one: '# au total', other: '# au total' })}`,
  },
  prompt: {
    promptHeading: ({ toolName, title }) => title ?? toolName,
    jsonEditorLabel: () => 'Réponse (JSON)',
    invalidJson: ({ detail }) => `Doit être du JSON valide${COLON} ${detail}`,
    schemaViolation: ({ path, message }) =>
      path === '' ? `La réponse ne respecte pas le schéma${COLON} ${message}` : `« ${pointerSegments(path).join('.')} »${COLON} ${message}`,
    noSchemaNote: () => 'Aucun schéma n’est connu pour cet outil, seule la syntaxe JSON est donc vérifiée.',
    validatorUnavailableNote: ({ reason }) =>
      reason === 'csp'
        ? 'La politique de sécurité de cette page ne permet pas de vérifier la réponse par rapport au schéma de l’outil, seule la syntaxe JSON est donc vérifiée.'
        : reason === 'schema'
          ? 'Le schéma de l’outil est inutilisable, seule la syntaxe JSON est donc vérifiée.'
          : 'Le vérificateur de schéma n’a pas pu être chargé, seule la syntaxe JSON est donc vérifiée.',
  },
  approval: {
    heading: ({ toolName, title }) => title ?? `Approuver ${toolName}${QUESTION}`,
    argumentName: ({ name, title }) => title ?? name,
    noArguments: () => 'Aucun argument.',
    approve: () => 'Approuver',
    reject: () => 'Refuser',
    edit: () => 'Modifier',
    reasonLabel: () => 'Motif du refus (facultatif)',
    reasonHint: () => 'L’agent le reçoit avec votre réponse.',
    sendRejection: () => 'Envoyer le refus',
    cancel: () => 'Annuler',
    editHeading: () => 'Modifier les arguments',
    argumentsEditorLabel: () => 'Arguments (JSON)',
    approveEdited: () => 'Approuver avec les modifications',
  },
  request: {
    formHeading: () => 'Saisie demandée',
    approvalHeading: () => 'Approbation demandée',
    linkHeading: () => 'Consulter une page',
    controlHeading: () => 'Prendre le contrôle',
    sourceName: ({ source }) => sourceName(source, SOURCE_NAMES),
    requestedBy: ({ requester }) => `Demandeur${COLON} ${requester}. Vérifiez la demande avant de répondre.`,
    promptLabel: ({ heading, what, detail, ordinal }) => {
      const about = [what, detail].filter((part) => part !== undefined).join(' – ');
      const name = about === '' ? heading : `${heading}${COLON} ${about}`;
      return ordinal === undefined ? name : `${name} (${n(ordinal)})`;
    },
    decline: () => 'Décliner',
    cancel: () => 'Annuler',
    openLink: ({ host }) => `Ouvrir ${host} (nouvel onglet)`,
    unsafeLink: ({ url }) => `L’agent a donné une adresse qui ne peut pas être ouverte en toute sécurité${COLON} ${url}`,
    finished: () => 'J’ai terminé',
    actionHeading: ({ name, index, count }) => `Action ${n(index)} sur ${n(count)}${COLON} ${name}`,
    respond: () => 'Répondre',
    responseLabel: () => 'Votre réponse',
    sendResponse: () => 'Envoyer la réponse',
    alwaysLabel: ({ name }) => `Toujours pour ${name}`,
    alwaysHint: () => 'Votre approbation ou votre refus s’applique aussi aux appels suivants de cet outil, sans nouvelle demande.',
    decided: ({ decision, always }) =>
      ({ approve: 'Approuvée', edit: 'Approuvée avec modifications', reject: 'Refusée', respond: 'Réponse donnée' })[decision] +
      (always ? ' — toujours pour cet outil' : ''),
    changeDecision: () => 'Changer',
    sendDecisions: () => 'Envoyer les décisions',
    decisionsLeft: ({ count }) =>
      countPlural(L, count, {
        one: 'Il reste # action à décider',
        many: 'Il reste # d’actions à décider',
        other: 'Il reste # actions à décider',
      }),
    timeLeft: ({ ms }) => `Temps restant${COLON} ${formatDuration(ms, L)}`,
    expired: () => 'Cette demande a expiré. L’agent a été informé qu’elle n’a pas reçu de réponse à temps.',
    answered: ({ action }) => ({ accept: 'Réponse envoyée.', decline: 'Demande déclinée.', cancel: 'Demande annulée.' })[action],
    schemaFallback: ({ property }) =>
      property === undefined
        ? 'Cette demande ne peut pas être affichée sous forme de formulaire. Répondez-y en JSON.'
        : `Cette demande ne peut pas être affichée sous forme de formulaire${COLON} le champ « ${property} » n’est pas une valeur simple. Répondez-y en JSON.`,
  },
  control: {
    instructionsLabel: () => 'À faire',
    takeControl: () => 'Prendre le contrôle',
    takeControlHint: () =>
      'L’agent attend pendant que vous travaillez dans son navigateur ; vous seul pouvez y cliquer et saisir jusqu’à ce que vous le rendiez.',
    heldByMe: () => 'Vous avez le contrôle. L’agent attend que vous le rendiez.',
    leaveHint: () =>
      'Vos touches vont au navigateur de l’agent. Pour en sortir, appuyez sur Tab après son dernier élément ou sur Maj+Tab avant le premier, puis « Quitter la vue en direct ».',
    leaveLiveView: () => 'Quitter la vue en direct',
    noteLabel: () => 'Note pour l’agent (facultatif)',
    handBack: () => 'Rendre le contrôle',
    couldNotDoIt: () => 'Je n’ai pas pu le faire',
    heldElsewhere: () => 'Un autre onglet a le contrôle. Cette vue est en lecture seule jusqu’à ce qu’il le rende.',
    heldBy: ({ user, time }) => `${user} a le contrôle depuis ${time}. Cette vue est en lecture seule jusqu’à ce qu’il soit rendu.`,
    heldBySomeone: () => 'Quelqu’un d’autre a le contrôle. Cette vue est en lecture seule jusqu’à ce qu’il soit rendu.',
    unreachable: () => 'Impossible de joindre le serveur pour savoir qui a le contrôle. Nouvel essai en cours…',
    lapsed: () =>
      `Votre contrôle a pris fin${COLON} le serveur n’a pas pu être joint pour le maintenir. Reprenez le contrôle dès qu’il répond.`,
    ended: () => `Cette passation est terminée${COLON} impossible de prendre le contrôle.`,
    failed: () => 'La vue en direct n’a pas pu être chargée : impossible de prendre le contrôle. Reconnectez-vous pour réessayer.',
    lost: () => 'La vue en direct ne se charge plus : votre contrôle a pris fin. Reconnectez-vous, puis reprenez le contrôle.',
    frameTitle: () => 'Vue en direct du navigateur de l’agent',
    unsafeLiveUrl: ({ url }) => `L’agent a donné une adresse de vue en direct qui ne peut pas être ouverte sans risque : ${url}`,
  },
  runViewer: {
    heading: ({ runId }) => (runId === undefined || runId === '' ? 'Dernière exécution' : `Exécution ${runId}`),
    statusError: ({ reason }) => `Impossible de charger l’état de l’exécution${COLON} ${reason}`,
    keyRefused: () => 'Le service a refusé la clé d’API, l’exécution ne peut donc pas être affichée. Vérifiez la clé, puis réessayez.',
    retry: () => 'Réessayer',
    submitting: () => 'Envoi de votre réponse…',
    sent: () => 'Envoyé. En attente de l’agent…',
    submitError: ({ reason }) => `Votre réponse n’a pas pu être envoyée${COLON} ${reason}`,
    resubmitting: () => 'Nouvel envoi de votre réponse…',
    tryAgain: () => 'Renvoyer',
    editAnswer: () => 'Modifier la réponse',
    answerTooLarge: ({ limit: size }) =>
      size === ''
        ? 'Votre réponse est trop volumineuse pour être acceptée par le serveur. Raccourcissez-la, puis renvoyez-la.'
        : `Votre réponse est trop volumineuse pour être envoyée${COLON} la limite est de ${size}. Raccourcissez-la, puis renvoyez-la.`,
    stale: () => `Cette demande n’est plus en attente${COLON} l’agent est passé à la suite.`,
    answeredElsewhere: () => 'Quelqu’un a déjà répondu à cette demande ailleurs, votre réponse n’a donc pas été envoyée.',
    probablyReceived: () => `Votre réponse a probablement été reçue${COLON} l’agent est passé à la suite.`,
    answerInDoubt: () => 'Votre réponse a peut-être déjà été reçue. Vérification auprès de l’agent en cours…',
    dismiss: () => 'Fermer',
    handOffEnded: () => 'L’exécution est terminée ; la prise de contrôle est finie.',
    liveViewHeading: () => 'Vue en direct',
    resultLoading: () => 'Chargement du résultat…',
    resultError: ({ reason }) => `Impossible de charger le résultat${COLON} ${reason}`,
    recordingHeading: () => 'Enregistrement',
    recordingError: ({ reason }) => `Impossible de charger l’enregistrement${COLON} ${reason}`,
    announceWaiting: () => 'L’agent attend votre réponse.',
    waitingFor: ({ duration }) => `Vous attend depuis ${duration}`,
    announceSent: () => 'Envoyé. En attente de l’agent…',
    announceCompleted: () => 'L’exécution est terminée.',
    announceFailed: () => 'L’exécution a échoué.',
    announceStopped: () => 'L’exécution a été arrêtée.',
    announceEnded: ({ status }) => `L’exécution s’est terminée avec l’état ${status}.`,
  },
  statusBadge: {
    loading: () => 'Chargement de l’état…',
    running: ({ status, detailedStatus }) => {
      const base = status.trim().toLowerCase() === 'running' ? 'En cours' : `État${COLON} ${status}`;
      return detailedStatus === undefined ? base : `${base} — ${detailedStatus}`;
    },
    processingPage: () => 'En cours — chargement d’une page',
    waitingForInput: () => 'En attente de votre réponse',
    answerSent: () => 'Réponse envoyée — l’agent reprend',
    completed: () => 'Terminée',
    failed: () => 'Échec',
    stopped: () => 'Arrêtée',
    unknown: ({ status, detailedStatus }) =>
      detailedStatus === undefined ? `État${COLON} ${status}` : `État${COLON} ${status} (${detailedStatus})`,
  },
  stopRunButton: {
    stop: () => 'Arrêter l’exécution',
    confirmQuestion: () => `Arrêter cette exécution${QUESTION} L’agent s’arrête là où il en est. Cette action est irréversible.`,
    confirm: () => 'Oui, arrêter',
    cancel: () => 'Continuer l’exécution',
    stopping: () => 'Arrêt en cours…',
    stopped: () => 'Arrêt demandé',
    error: ({ reason }) => `Impossible d’arrêter l’exécution${COLON} ${reason}`,
    keyRefused: () => `Impossible d’arrêter l’exécution${COLON} le service a refusé la clé d’API.`,
  },
  runResult: {
    heading: () => 'Résultat',
    summaryLabel: () => 'Résumé',
    outputHeading: () => 'Sortie',
    errorHeading: () => 'Erreur',
    noOutput: () => 'L’exécution n’a produit aucune sortie.',
  },
  dataTable: {
    caption: () => 'Données extraites',
    columnHeader: ({ key }) => (key === 'title' ? 'Titre' : key === 'value' ? 'Valeur' : key),
    empty: () => 'Aucune donnée n’a été extraite.',
  },
  runGif: {
    alt: () => 'Enregistrement de l’exécution',
    loading: () => 'Chargement de l’enregistrement…',
    pending: ({ status }) =>
      status.trim() === '' || status.trim().toLowerCase() === 'pending'
        ? 'L’enregistrement est en préparation…'
        : `État de l’enregistrement${COLON} ${status}`,
    failed: ({ status }) => `Aucun enregistrement n’est disponible (${status}).`,
    unsafeUrl: () => `L’enregistrement ne peut pas être affiché${COLON} son adresse n’est pas une adresse web.`,
    imageError: () => 'L’enregistrement n’a pas pu être chargé.',
    openInNewTab: () => 'Ouvrir l’enregistrement dans un nouvel onglet',
  },
  liveView: {
    frameTitle: () => 'Vue en direct de l’exécution',
    unavailable: () => 'Vue en direct indisponible',
    openInNewTab: () => 'Ouvrir la vue en direct dans un nouvel onglet',
    connecting: () => 'Connexion à la vue en direct…',
    reconnecting: ({ attempt, maxAttempts }) =>
      `La vue en direct ne répond pas. Reconnexion (tentative ${n(attempt)} sur ${n(maxAttempts)})…`,
    unreachable: () => 'La vue en direct est injoignable.',
    notResponding: () => 'La vue en direct ne répond pas.',
    reconnect: () => 'Se reconnecter',
    viewOnly: () => 'Lecture seule',
  },
  runList: {
    heading: () => 'Exécutions',
    loading: () => 'Chargement des exécutions…',
    empty: () => 'Aucune exécution pour l’instant.',
    error: ({ reason }) => `Impossible de charger les exécutions${COLON} ${reason}`,
    keyRefused: () => `Impossible de charger les exécutions${COLON} le service a refusé la clé d’API.`,
    retry: () => 'Réessayer',
    runId: ({ id }) => id,
    unknownDate: ({ value }) => `Démarrée ${value}`,
    pagination: () => 'Pages des exécutions',
    previous: () => 'Précédente',
    next: () => 'Suivante',
    pagePosition: ({ page, pageCount }) => `Page ${n(page)} sur ${n(pageCount)}`,
  },
  taskList: {
    heading: () => 'Tâches',
    loading: () => 'Chargement des tâches…',
    empty: () => 'Aucune tâche pour l’instant.',
    error: ({ reason }) => `Impossible de charger les tâches${COLON} ${reason}`,
    keyRefused: () => `Impossible de charger les tâches${COLON} le service a refusé la clé d’API.`,
    retry: () => 'Réessayer',
    taskName: ({ name }) => name,
    taskStatus: ({ status }) => (status === 'active' ? 'Active' : status),
    sameNameDetail: ({ idSuffix, latestRun }) =>
      latestRun === undefined ? `ID …${idSuffix}` : `ID …${idSuffix}, dernière exécution ${latestRun}`,
    pagination: () => 'Pages des tâches',
    previous: () => 'Précédente',
    next: () => 'Suivante',
    pagePosition: ({ page, pageCount }) => `Page ${n(page)} sur ${n(pageCount)}`,
  },
  inbox: {
    heading: ({ count }) => `En attente de votre réponse (${n(count)})`,
    headingUnknown: () => 'En attente de votre réponse',
    stale: ({ reason, duration }) =>
      `Impossible d’actualiser la boîte de réception${COLON} ${reason}. Dernière mise à jour il y a ${duration}.`,
    listLabel: ({ requests }) => (requests ? 'Demandes en attente de votre réponse' : 'Appels d’outil en attente de votre réponse'),
    endedListLabel: () => 'Plus en attente',
    empty: () => 'Rien ne vous attend.',
    loading: () => 'Recherche des agents qui vous attendent…',
    error: ({ reason }) => `Impossible de charger la boîte de réception${COLON} ${reason}`,
    retry: () => 'Réessayer',
    taskFallback: ({ taskId }) => `Tâche ${taskId}`,
    formTool: () => 'Formulaire',
    waitingFor: ({ duration }) => `en attente depuis ${duration}`,
    announceArrival: ({ task, title }) => (title === '' ? `${task} vous attend.` : `${task} vous attend${COLON} ${title}`),
    close: () => 'Fermer',
    submitting: () => 'Envoi de votre réponse…',
    submitError: ({ reason }) => `Votre réponse n’a pas pu être envoyée${COLON} ${reason}`,
    enableNotifications: () => 'M’avertir quand un agent attend',
    notificationTitle: ({ task }) => `${task} vous attend`,
    requestSource: ({ source, requestedBy }) => {
      const name = sourceName(source, SOURCE_NAMES);
      return requestedBy === undefined ? name : `${requestedBy} (${name})`;
    },
    moreActions: ({ count }) => countPlural(L, count, { one: '+# autre', other: '+# autres' }),
    expiresIn: ({ duration }) => `expire dans ${duration}`,
    requestAnswered: ({ user, time }) =>
      user === undefined
        ? time === undefined
          ? 'Quelqu’un d’autre a répondu à cette demande.'
          : `Quelqu’un d’autre a répondu à ${time}.`
        : time === undefined
          ? `Répondu par ${user}.`
          : `Répondu par ${user} à ${time}.`,
    requestCancelled: () => 'L’agent a retiré cette demande.',
    requestExpired: () => 'Cette demande a expiré.',
    requestUnanswerable: () => 'Cette demande ne peut plus recevoir de réponse (son agent n’est plus là).',
    announceEnded: ({ title, status }) => (title === '' ? status : `${title}${COLON} ${status}`),
  },
  auditTrail: {
    heading: () => 'Historique',
    teamHeading: () => 'Activité de l’équipe',
    loading: () => 'Chargement de l’historique…',
    empty: () => 'Rien n’a encore été fait depuis cette application.',
    error: ({ reason }) => `Impossible de charger l’historique : ${reason}`,
    retry: () => 'Réessayer',
    whenColumn: () => 'Quand',
    whoColumn: () => 'Qui',
    taskColumn: () => 'Tâche',
    loadMore: () => 'Charger plus',
    loadingMore: () => 'Chargement de la suite…',
    actionColumn: () => 'Quoi',
    outcomeColumn: () => 'Résultat',
    action: ({ action, duration }) =>
      ({
        create_task: 'A créé la tâche',
        answer: 'A répondu',
        stop_run: 'A arrêté l’exécution',
        stop_task: 'A arrêté la tâche',
        open_request: 'Demande ouverte',
        answer_request: 'A répondu à la demande',
        cancel_request: 'Demande annulée',
        expire_request: 'Demande expirée',
        take_control: 'A pris la main',
        release_control: duration === undefined ? 'A rendu la main' : `A rendu la main après ${duration}`,
      })[action] ?? action,
    outcome: ({ outcome }) =>
      ({
        accepted: 'Fait',
        already_answered: 'Quelqu’un avait déjà répondu',
        answer_in_doubt: 'Arrivée incertaine',
        refused: 'Refusé',
        failed: 'Échec',
        request_ended: 'La demande était déjà close',
        lapsed: 'Sa page s’est fermée',
        ended: 'La passation était terminée',
      })[outcome] ?? outcome,
    answeredBy: ({ user, time }) => `Répondu par ${user} · ${time}`,
  },
  errors: {
    network: () => 'le service est injoignable. Vérifiez la connexion',
    timeout: () => 'le service n’a pas répondu à temps',
    aborted: () => 'la requête a été annulée',
    unreadable: () => 'la réponse du service est illisible',
    busy: () => 'le service est surchargé. Patientez un instant',
    serviceFailed: ({ status }) => `le service a rencontré un problème (HTTP ${status})`,
    refused: ({ status }) => `le service a refusé la requête (HTTP ${status})`,
    answerInDoubt: () => 'le service l’a peut-être déjà reçue. Vérification en cours…',
  },
};
