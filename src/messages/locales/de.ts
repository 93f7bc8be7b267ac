import { isDateLikeKind, pointerSegments } from '../../schema';
import { countPlural, formatDuration, formatExactNumber, formatNumber } from '../format';
import type { Messages } from '../messages';
import { sourceName, type SourceNames } from '../source-names';

const L = 'de';
const n = (value: number) => formatNumber(value, L);
const limit = (type: string, value: number, text: string) => (isDateLikeKind(type) ? text : formatExactNumber(value, L));
const characters = (count: number) => countPlural(L, count, { one: '# Zeichen', other: '# Zeichen' });

const SOURCE_NAMES: SourceNames = {
  mcp: 'MCP-Server',
  langgraph: 'LangGraph-Agent',
  'ai-sdk': 'AI-SDK-Agent',
  'ag-ui': 'AG-UI-Agent',
  'openai-agents': 'OpenAI-Agent',
  mastra: 'Mastra-Agent',
  'task-service': 'Aufgabendienst',
};

/** German (`de`): every message of `Messages`, with German plurals and number formats. */
export const de: Messages = {
  locale: L,
  form: {
    required: () => 'Dieses Feld ist erforderlich',
    tooShort: ({ minLength }) => `Mindestens ${characters(minLength)} erforderlich`,
    tooLong: ({ maxLength }) => `Höchstens ${characters(maxLength)} erlaubt`,
    patternMismatch: () => 'Muss dem verlangten Format entsprechen',
    rangeUnderflow: ({ type, min, minText }) =>
      isDateLikeKind(type) ? `Muss am ${minText} oder später sein` : `Muss mindestens ${limit(type, min, minText)} sein`,
    rangeOverflow: ({ type, max, maxText }) =>
      isDateLikeKind(type) ? `Muss am ${maxText} oder früher sein` : `Darf höchstens ${limit(type, max, maxText)} sein`,
    stepMismatch: ({ lower, upper }) =>
      `Muss ein gültiger Wert sein, etwa ${formatExactNumber(lower, L)} oder ${formatExactNumber(upper, L)}`,
    invalidEmail: () => 'Muss eine E-Mail-Adresse sein, etwa name@example.com',
    invalidUrl: () => 'Muss eine vollständige Webadresse sein, etwa https://example.com',
    badInput: ({ type }) =>
      isDateLikeKind(type) ? 'Muss ein vollständiges Datum oder eine vollständige Uhrzeit sein' : 'Muss eine Zahl sein',
    tooFewChosen: ({ min }) => `Wählen Sie mindestens ${countPlural(L, min, { one: '# Option', other: '# Optionen' })} aus`,
    tooManyChosen: ({ max }) => `Wählen Sie höchstens ${countPlural(L, max, { one: '# Option', other: '# Optionen' })} aus`,
    errorSummary: ({ count, labels }) =>
      `${countPlural(L, count, { one: 'Bitte korrigieren Sie # Feld', other: 'Bitte korrigieren Sie # Felder' })}: ${labels.join(', ')}.`,
    fieldLabelFallback: ({ index }) => `Feld ${n(index + 1)}`,
    selectPlaceholder: () => 'Option auswählen',
    submit: () => 'Absenden',
    sent: () => 'Gesendet',
    unknownTypeNote: ({ requestedType }) => `Als Textfeld angezeigt: Die Art „${requestedType}“ wird nicht unterstützt.`,
    invalidPatternNote: () => 'Das verlangte Format kann hier nicht geprüft werden, daher wird jeder Text angenommen.',
    conflictingLimitsNote: () => 'Die verlangten Grenzen widersprechen sich und werden nicht geprüft.',
    noOptionsNote: () => 'Es gibt keine Optionen zur Auswahl.',
    invalidParameters: () => 'Dieses Formular kann nicht angezeigt werden. Die Anfrage des Automatisierungsagenten ist fehlerhaft:',
    agentNotice: () => 'Vom Automatisierungsagenten angefordert. Prüfen Sie die Angaben, bevor Sie antworten.',
    showAll: ({ length }) => `Alles anzeigen (${characters(length)})`,
    showLess: () => 'Weniger anzeigen',
    optionsChosen: ({ count }) => `${n(count)} ausgewählt:`,
    moreOptionsChosen: ({ count }) => `und ${n(count)} weitere`,
    noOptionsMatch: () => 'Keine passenden Optionen',
    optionsMatching: ({ count }) =>
      count === 0 ? 'Keine passenden Optionen' : countPlural(L, count, { one: '# Option', other: '# Optionen' }),
    optionChosen: ({ option, count }) => `${option} ausgewählt, insgesamt ${n(count)}`,
    optionRemoved: ({ option, count }) => `${option} entfernt, insgesamt ${n(count)}`,
  },
  prompt: {
    promptHeading: ({ toolName, title }) => title ?? toolName,
    jsonEditorLabel: () => 'Antwort (JSON)',
    invalidJson: ({ detail }) => `Muss gültiges JSON sein: ${detail}`,
    schemaViolation: ({ path, message }) =>
      path === '' ? `Die Antwort verletzt das Schema: ${message}` : `„${pointerSegments(path).join('.')}“: ${message}`,
    noSchemaNote: () => 'Für dieses Werkzeug ist kein Schema bekannt, daher wird nur die JSON-Syntax geprüft.',
    validatorUnavailableNote: ({ reason }) =>
      reason === 'csp'
        ? 'Die Sicherheitsrichtlinie dieser Seite erlaubt keine Prüfung der Antwort gegen das Schema des Werkzeugs, daher wird nur die JSON-Syntax geprüft.'
        : reason === 'schema'
          ? 'Das Schema des Werkzeugs ist nicht verwendbar, daher wird nur die JSON-Syntax geprüft.'
          : 'Die Schemaprüfung konnte nicht geladen werden, daher wird nur die JSON-Syntax geprüft.',
  },
  approval: {
    heading: ({ toolName, title }) => title ?? `${toolName} genehmigen?`,
    argumentName: ({ name, title }) => title ?? name,
    noArguments: () => 'Keine Argumente.',
    approve: () => 'Genehmigen',
    reject: () => 'Ablehnen',
    edit: () => 'Bearbeiten',
    reasonLabel: () => 'Grund für die Ablehnung (optional)',
    reasonHint: () => 'Der Agent erhält ihn mit Ihrer Antwort.',
    sendRejection: () => 'Ablehnung senden',
    cancel: () => 'Abbrechen',
    editHeading: () => 'Argumente bearbeiten',
    argumentsEditorLabel: () => 'Argumente (JSON)',
    approveEdited: () => 'Mit Änderungen genehmigen',
  },
  request: {
    formHeading: () => 'Eingabe angefordert',
    approvalHeading: () => 'Genehmigung angefordert',
    linkHeading: () => 'Seite besuchen',
    controlHeading: () => 'Steuerung übernehmen',
    sourceName: ({ source }) => sourceName(source, SOURCE_NAMES),
    requestedBy: ({ requester }) => `Angefordert von ${requester}. Prüfen Sie die Angaben, bevor Sie antworten.`,
    promptLabel: ({ heading, what, detail, ordinal }) => {
      const about = [what, detail].filter((part) => part !== undefined).join(' – ');
      const name = about === '' ? heading : `${heading}: ${about}`;
      return ordinal === undefined ? name : `${name} (${n(ordinal)})`;
    },
    decline: () => 'Anfrage ablehnen',
    cancel: () => 'Abbrechen',
    openLink: ({ host }) => `${host} öffnen (neuer Tab)`,
    unsafeLink: ({ url }) => `Der Agent hat eine Adresse angegeben, die nicht sicher geöffnet werden kann: ${url}`,
    finished: () => 'Ich bin fertig',
    actionHeading: ({ name, index, count }) => `Aktion ${n(index)} von ${n(count)}: ${name}`,
    respond: () => 'Antworten',
    responseLabel: () => 'Ihre Antwort',
    sendResponse: () => 'Antwort senden',
    alwaysLabel: ({ name }) => `Immer für ${name}`,
    alwaysHint: () => 'Ihre Genehmigung oder Ablehnung gilt auch für spätere Aufrufe dieses Tools, ohne erneute Nachfrage.',
    decided: ({ decision, always }) =>
      ({ approve: 'Genehmigt', edit: 'Mit Änderungen genehmigt', reject: 'Abgelehnt', respond: 'Beantwortet' })[decision] +
      (always ? ' – immer für dieses Tool' : ''),
    changeDecision: () => 'Ändern',
    sendDecisions: () => 'Entscheidungen senden',
    decisionsLeft: ({ count }) => countPlural(L, count, { one: 'Noch # Aktion zu entscheiden', other: 'Noch # Aktionen zu entscheiden' }),
    timeLeft: ({ ms }) => `Verbleibende Zeit: ${formatDuration(ms, L)}`,
    expired: () => 'Diese Anfrage ist abgelaufen. Der Agent wurde informiert, dass sie nicht rechtzeitig beantwortet wurde.',
    answered: ({ action }) => ({ accept: 'Antwort gesendet.', decline: 'Abgelehnt.', cancel: 'Abgebrochen.' })[action],
    schemaFallback: ({ property }) =>
      property === undefined
        ? 'Diese Anfrage kann nicht als Formular angezeigt werden. Beantworten Sie sie als JSON.'
        : `Diese Anfrage kann nicht als Formular angezeigt werden: Das Feld „${property}“ ist kein einfacher Wert. Beantworten Sie sie als JSON.`,
  },
  control: {
    instructionsLabel: () => 'Was zu tun ist',
    takeControl: () => 'Steuerung übernehmen',
    takeControlHint: () =>
      'Der Agent wartet, während Sie in seinem Browser arbeiten; nur Sie können dort klicken und tippen, bis Sie zurückgeben.',
    heldByMe: () => 'Sie haben die Steuerung. Der Agent wartet, bis Sie zurückgeben.',
    leaveHint: () =>
      'Ihre Tastatureingaben gehen an den Browser des Agenten. Zum Verlassen drücken Sie Tab nach seinem letzten Element oder Umschalt+Tab vor seinem ersten, dann „Live-Ansicht verlassen“.',
    leaveLiveView: () => 'Live-Ansicht verlassen',
    noteLabel: () => 'Notiz für den Agenten (optional)',
    handBack: () => 'Zurückgeben',
    couldNotDoIt: () => 'Ich konnte es nicht erledigen',
    heldElsewhere: () => 'Ein anderer Tab hat die Steuerung. Diese Ansicht ist schreibgeschützt, bis er zurückgibt.',
    heldBy: ({ user, time }) => `${user} hat die Steuerung seit ${time}. Diese Ansicht ist schreibgeschützt, bis sie zurückgegeben wird.`,
    heldBySomeone: () => 'Jemand anderes hat die Steuerung. Diese Ansicht ist schreibgeschützt, bis sie zurückgegeben wird.',
    unreachable: () => 'Der Server ist nicht erreichbar, um zu sehen, wer die Steuerung hat. Neuer Versuch läuft…',
    lapsed: () =>
      'Ihre Steuerung endete: Der Server war nicht erreichbar, um sie zu halten. Übernehmen Sie erneut, sobald er wieder erreichbar ist.',
    ended: () => 'Diese Übergabe ist beendet, daher kann die Steuerung nicht übernommen werden.',
    failed: () =>
      'Die Live-Ansicht konnte nicht geladen werden, daher kann die Steuerung nicht übernommen werden. Verbinden Sie neu, um es erneut zu versuchen.',
    lost: () => 'Die Live-Ansicht lädt nicht mehr, daher endete Ihre Steuerung. Verbinden Sie neu und übernehmen Sie dann erneut.',
    frameTitle: () => 'Live-Ansicht des Browsers des Agenten',
    unsafeLiveUrl: ({ url }) => `Der Agent hat eine Adresse der Live-Ansicht angegeben, die nicht sicher geöffnet werden kann: ${url}`,
  },
  runViewer: {
    heading: ({ runId }) => (runId === undefined || runId === '' ? 'Letzter Lauf' : `Lauf ${runId}`),
    statusError: ({ reason }) => `Der Status des Laufs konnte nicht geladen werden: ${reason}`,
    keyRefused: () =>
      'Der Dienst hat den API-Schlüssel abgelehnt, daher kann der Lauf nicht angezeigt werden. Prüfen Sie den Schlüssel und versuchen Sie es erneut.',
    retry: () => 'Erneut versuchen',
    submitting: () => 'Ihre Antwort wird gesendet …',
    sent: () => 'Gesendet. Warten auf den Agenten …',
    submitError: ({ reason }) => `Ihre Antwort konnte nicht gesendet werden: ${reason}`,
    resubmitting: () => 'Ihre Antwort wird erneut gesendet …',
    tryAgain: () => 'Erneut senden',
    editAnswer: () => 'Antwort bearbeiten',
    answerTooLarge: ({ limit: size }) =>
      size === ''
        ? 'Ihre Antwort ist zu groß, um vom Server angenommen zu werden. Kürzen Sie sie und senden Sie sie erneut.'
        : `Ihre Antwort ist zu groß zum Senden: Die Grenze liegt bei ${size}. Kürzen Sie sie und senden Sie sie erneut.`,
    stale: () => 'Diese Anfrage ist nicht mehr offen: Der Agent hat weitergemacht.',
    answeredElsewhere: () => 'Diese Anfrage wurde an anderer Stelle beantwortet, daher wurde Ihre Antwort nicht gesendet.',
    probablyReceived: () => 'Ihre Antwort ist wahrscheinlich angekommen: Der Agent hat weitergemacht.',
    answerInDoubt: () => 'Ihre Antwort ist möglicherweise schon angekommen. Es wird geprüft, ob der Agent sie erhalten hat …',
    dismiss: () => 'Schließen',
    handOffEnded: () => 'Der Lauf ist beendet; die Übergabe der Steuerung ist vorbei.',
    liveViewHeading: () => 'Live-Ansicht',
    resultLoading: () => 'Das Ergebnis wird geladen …',
    resultError: ({ reason }) => `Das Ergebnis konnte nicht geladen werden: ${reason}`,
    recordingHeading: () => 'Aufzeichnung',
    recordingError: ({ reason }) => `Die Aufzeichnung konnte nicht geladen werden: ${reason}`,
    announceWaiting: () => 'Der Agent wartet auf Ihre Antwort.',
    waitingFor: ({ duration }) => `Wartet seit ${duration} auf Sie`,
    announceSent: () => 'Gesendet. Warten auf den Agenten …',
    announceCompleted: () => 'Der Lauf ist abgeschlossen.',
    announceFailed: () => 'Der Lauf ist fehlgeschlagen.',
    announceStopped: () => 'Der Lauf wurde gestoppt.',
    announceEnded: ({ status }) => `Der Lauf endete mit dem Status ${status}.`,
  },
  statusBadge: {
    loading: () => 'Status wird geladen …',
    running: ({ status, detailedStatus }) => {
      const base = status.trim().toLowerCase() === 'running' ? 'Läuft' : `Status: ${status}`;
      return detailedStatus === undefined ? base : `${base} – ${detailedStatus}`;
    },
    processingPage: () => 'Läuft – Seite wird geladen',
    waitingForInput: () => 'Wartet auf Ihre Eingabe',
    answerSent: () => 'Antwort gesendet — der Agent macht weiter',
    completed: () => 'Abgeschlossen',
    failed: () => 'Fehlgeschlagen',
    stopped: () => 'Gestoppt',
    unknown: ({ status, detailedStatus }) => (detailedStatus === undefined ? `Status: ${status}` : `Status: ${status} (${detailedStatus})`),
  },
  stopRunButton: {
    stop: () => 'Lauf stoppen',
    confirmQuestion: () => 'Diesen Lauf stoppen? Der Agent hält dort an, wo er gerade ist. Das lässt sich nicht rückgängig machen.',
    confirm: () => 'Ja, Lauf stoppen',
    cancel: () => 'Weiterlaufen lassen',
    stopping: () => 'Wird gestoppt …',
    stopped: () => 'Stopp angefordert',
    error: ({ reason }) => `Der Lauf konnte nicht gestoppt werden: ${reason}`,
    keyRefused: () => 'Der Lauf konnte nicht gestoppt werden: Der Dienst hat den API-Schlüssel abgelehnt.',
  },
  runResult: {
    heading: () => 'Ergebnis',
    summaryLabel: () => 'Zusammenfassung',
    outputHeading: () => 'Ausgabe',
    errorHeading: () => 'Fehler',
    noOutput: () => 'Der Lauf hat keine Ausgabe geliefert.',
  },
  dataTable: {
    caption: () => 'Extrahierte Daten',
    columnHeader: ({ key }) => (key === 'title' ? 'Titel' : key === 'value' ? 'Wert' : key),
    empty: () => 'Es wurden keine Daten extrahiert.',
  },
  runGif: {
    alt: () => 'Aufzeichnung des Laufs',
    loading: () => 'Die Aufzeichnung wird geladen …',
    pending: ({ status }) =>
      status.trim() === '' || status.trim().toLowerCase() === 'pending'
        ? 'Die Aufzeichnung wird vorbereitet …'
        : `Status der Aufzeichnung: ${status}`,
    failed: ({ status }) => `Es ist keine Aufzeichnung verfügbar (${status}).`,
    unsafeUrl: () => 'Die Aufzeichnung kann nicht angezeigt werden: Ihre Adresse ist keine Webadresse.',
    imageError: () => 'Die Aufzeichnung konnte nicht geladen werden.',
    openInNewTab: () => 'Aufzeichnung in neuem Tab öffnen',
  },
  liveView: {
    frameTitle: () => 'Live-Ansicht des Laufs',
    unavailable: () => 'Live-Ansicht nicht verfügbar',
    openInNewTab: () => 'Live-Ansicht in neuem Tab öffnen',
    connecting: () => 'Verbindung zur Live-Ansicht wird hergestellt …',
    reconnecting: ({ attempt, maxAttempts }) =>
      `Die Live-Ansicht reagiert nicht. Neuer Verbindungsversuch (${n(attempt)} von ${n(maxAttempts)}) …`,
    unreachable: () => 'Die Live-Ansicht ist nicht erreichbar.',
    notResponding: () => 'Die Live-Ansicht reagiert nicht.',
    reconnect: () => 'Neu verbinden',
    viewOnly: () => 'Nur ansehen',
  },
  runList: {
    heading: () => 'Läufe',
    loading: () => 'Läufe werden geladen …',
    empty: () => 'Noch keine Läufe.',
    error: ({ reason }) => `Die Läufe konnten nicht geladen werden: ${reason}`,
    keyRefused: () => 'Die Läufe konnten nicht geladen werden: Der Dienst hat den API-Schlüssel abgelehnt.',
    retry: () => 'Erneut versuchen',
    runId: ({ id }) => id,
    unknownDate: ({ value }) => `Gestartet ${value}`,
    pagination: () => 'Seiten der Läufe',
    previous: () => 'Zurück',
    next: () => 'Weiter',
    pagePosition: ({ page, pageCount }) => `Seite ${n(page)} von ${n(pageCount)}`,
  },
  taskList: {
    heading: () => 'Aufgaben',
    loading: () => 'Aufgaben werden geladen …',
    empty: () => 'Noch keine Aufgaben.',
    error: ({ reason }) => `Die Aufgaben konnten nicht geladen werden: ${reason}`,
    keyRefused: () => 'Die Aufgaben konnten nicht geladen werden: Der Dienst hat den API-Schlüssel abgelehnt.',
    retry: () => 'Erneut versuchen',
    taskName: ({ name }) => name,
    taskStatus: ({ status }) => (status === 'active' ? 'Aktiv' : status),
    sameNameDetail: ({ idSuffix, latestRun }) =>
      latestRun === undefined ? `ID …${idSuffix}` : `ID …${idSuffix}, letzter Lauf ${latestRun}`,
    pagination: () => 'Seiten der Aufgaben',
    previous: () => 'Zurück',
    next: () => 'Weiter',
    pagePosition: ({ page, pageCount }) => `Seite ${n(page)} von ${n(pageCount)}`,
  },
  inbox: {
    heading: ({ count }) => `Wartet auf Sie (${n(count)})`,
    headingUnknown: () => 'Wartet auf Sie',
    stale: ({ reason, duration }) => `Der Posteingang konnte nicht aktualisiert werden: ${reason}. Zuletzt aktualisiert vor ${duration}.`,
    listLabel: ({ requests }) => (requests ? 'Anfragen, die auf Ihre Antwort warten' : 'Werkzeugaufrufe, die auf Ihre Antwort warten'),
    endedListLabel: () => 'Wartet nicht mehr',
    empty: () => 'Nichts wartet auf Sie.',
    loading: () => 'Agenten, die auf Sie warten, werden gesucht …',
    error: ({ reason }) => `Der Posteingang konnte nicht geladen werden: ${reason}`,
    retry: () => 'Erneut versuchen',
    taskFallback: ({ taskId }) => `Aufgabe ${taskId}`,
    formTool: () => 'Formular',
    waitingFor: ({ duration }) => `wartet seit ${duration}`,
    announceArrival: ({ task, title }) => (title === '' ? `${task} wartet auf Sie.` : `${task} wartet auf Sie: ${title}`),
    close: () => 'Schließen',
    submitting: () => 'Ihre Antwort wird gesendet …',
    submitError: ({ reason }) => `Ihre Antwort konnte nicht gesendet werden: ${reason}`,
    enableNotifications: () => 'Benachrichtigen, wenn ein Agent wartet',
    notificationTitle: ({ task }) => `${task} wartet auf Sie`,
    requestSource: ({ source, requestedBy }) => {
      const name = sourceName(source, SOURCE_NAMES);
      return requestedBy === undefined ? name : `${requestedBy} (${name})`;
    },
    moreActions: ({ count }) => `+${n(count)} weitere`,
    expiresIn: ({ duration }) => `läuft ab in ${duration}`,
    requestAnswered: ({ user, time }) =>
      user === undefined
        ? time === undefined
          ? 'Jemand anderes hat diese Anfrage beantwortet.'
          : `Jemand anderes hat um ${time} geantwortet.`
        : time === undefined
          ? `Beantwortet von ${user}.`
          : `Beantwortet von ${user} um ${time}.`,
    requestCancelled: () => 'Der Agent hat diese Anfrage zurückgezogen.',
    requestExpired: () => 'Diese Anfrage ist abgelaufen.',
    requestUnanswerable: () => 'Diese Anfrage kann nicht mehr beantwortet werden (ihr Agent ist nicht mehr da).',
    announceEnded: ({ title, status }) => (title === '' ? status : `${title}: ${status}`),
  },
  auditTrail: {
    heading: () => 'Verlauf',
    teamHeading: () => 'Aktivität des Teams',
    loading: () => 'Verlauf wird geladen …',
    empty: () => 'Über diese App wurde noch nichts getan.',
    error: ({ reason }) => `Der Verlauf konnte nicht geladen werden: ${reason}`,
    retry: () => 'Erneut versuchen',
    whenColumn: () => 'Wann',
    whoColumn: () => 'Wer',
    taskColumn: () => 'Aufgabe',
    loadMore: () => 'Mehr laden',
    loadingMore: () => 'Weitere werden geladen …',
    actionColumn: () => 'Was',
    outcomeColumn: () => 'Ergebnis',
    action: ({ action, duration }) =>
      ({
        create_task: 'Aufgabe erstellt',
        answer: 'Geantwortet',
        stop_run: 'Lauf gestoppt',
        stop_task: 'Aufgabe gestoppt',
        open_request: 'Anfrage gestellt',
        answer_request: 'Anfrage beantwortet',
        cancel_request: 'Anfrage zurückgezogen',
        expire_request: 'Anfrage abgelaufen',
        take_control: 'Steuerung übernommen',
        release_control: duration === undefined ? 'Steuerung abgegeben' : `Steuerung nach ${duration} abgegeben`,
      })[action] ?? action,
    outcome: ({ outcome }) =>
      ({
        accepted: 'Erledigt',
        already_answered: 'Jemand hatte schon geantwortet',
        answer_in_doubt: 'Unklar, ob es angekommen ist',
        refused: 'Abgelehnt',
        failed: 'Fehlgeschlagen',
        request_ended: 'Die Anfrage war schon beendet',
        lapsed: 'Die Seite wurde geschlossen',
        ended: 'Die Übergabe war beendet',
      })[outcome] ?? outcome,
    answeredBy: ({ user, time }) => `Beantwortet von ${user} · ${time}`,
  },
  errors: {
    network: () => 'der Dienst ist nicht erreichbar. Prüfen Sie die Verbindung',
    timeout: () => 'der Dienst hat nicht rechtzeitig geantwortet',
    aborted: () => 'die Anfrage wurde abgebrochen',
    unreadable: () => 'die Antwort des Dienstes ist nicht lesbar',
    busy: () => 'der Dienst ist ausgelastet. Warten Sie einen Moment',
    serviceFailed: ({ status }) => `beim Dienst ist ein Fehler aufgetreten (HTTP ${status})`,
    refused: ({ status }) => `der Dienst hat die Anfrage abgelehnt (HTTP ${status})`,
    answerInDoubt: () => 'der Dienst hat sie möglicherweise schon erhalten. Es wird geprüft …',
  },
};
