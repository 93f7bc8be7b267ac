import { isDateLikeKind, pointerSegments } from '../../schema';
import { countPlural, formatDuration, formatExactNumber, formatNumber } from '../format';
import type { Messages } from '../messages';
import { sourceName, type SourceNames } from '../source-names';

const L = 'es';
const n = (value: number) => formatNumber(value, L);
const limit = (type: string, value: number, text: string) => (isDateLikeKind(type) ? text : formatExactNumber(value, L));
// CLDR's "many" is for round millions and above: "1 millón de caracteres" reads "1.000.000 de caracteres".
const characters = (count: number) => countPlural(L, count, { one: '# carácter', many: '# de caracteres', other: '# caracteres' });

const SOURCE_NAMES: SourceNames = {
  mcp: 'Servidor MCP',
  langgraph: 'Agente LangGraph',
  'ai-sdk': 'Agente AI SDK',
  'ag-ui': 'Agente AG-UI',
  'openai-agents': 'Agente OpenAI',
  mastra: 'Agente Mastra',
  'task-service': 'Servicio de tareas',
};

/** Spanish (`es`): every message of `Messages`, with Spanish plurals and number formats. */
export const es: Messages = {
  locale: L,
  form: {
    required: () => 'Este campo es obligatorio',
    tooShort: ({ minLength }) => `Debe tener al menos ${characters(minLength)}`,
    tooLong: ({ maxLength }) => `Debe tener como máximo ${characters(maxLength)}`,
    patternMismatch: () => 'Debe tener el formato solicitado',
    rangeUnderflow: ({ type, min, minText }) =>
      isDateLikeKind(type) ? `Debe ser el ${minText} o posterior` : `Debe ser ${limit(type, min, minText)} o más`,
    rangeOverflow: ({ type, max, maxText }) =>
      isDateLikeKind(type) ? `Debe ser el ${maxText} o anterior` : `Debe ser ${limit(type, max, maxText)} o menos`,
    stepMismatch: ({ lower, upper }) => `Debe ser un valor válido, como ${formatExactNumber(lower, L)} o ${formatExactNumber(upper, L)}`,
    invalidEmail: () => 'Debe ser una dirección de correo electrónico, como nombre@example.com',
    invalidUrl: () => 'Debe ser una dirección web completa, como https://example.com',
    badInput: ({ type }) => (isDateLikeKind(type) ? 'Debe ser una fecha u hora completa' : 'Debe ser un número'),
    tooFewChosen: ({ min }) => `Elija al menos ${countPlural(L, min, { one: '# opción', many: '# de opciones', other: '# opciones' })}`,
    tooManyChosen: ({ max }) => `Elija como máximo ${countPlural(L, max, { one: '# opción', many: '# de opciones', other: '# opciones' })}`,
    errorSummary: ({ count, labels }) =>
      `${countPlural(L, count, { one: 'Corrija # campo', many: 'Corrija # de campos', other: 'Corrija # campos' })}: ${labels.join(', ')}.`,
    fieldLabelFallback: ({ index }) => `Campo ${n(index + 1)}`,
    selectPlaceholder: () => 'Elija una opción',
    submit: () => 'Enviar',
    sent: () => 'Enviado',
    unknownTypeNote: ({ requestedType }) => `Se muestra como campo de texto: el tipo «${requestedType}» no es compatible.`,
    invalidPatternNote: () => 'El formato solicitado no se puede comprobar aquí, así que se acepta cualquier texto.',
    conflictingLimitsNote: () => 'Los límites solicitados se contradicen y no se comprueban.',
    noOptionsNote: () => 'No hay opciones entre las que elegir.',
    invalidParameters: () => 'Este formulario no se puede mostrar. La solicitud del agente de automatización no es válida:',
    agentNotice: () => 'Solicitado por el agente de automatización. Revíselo antes de responder.',
    showAll: ({ length }) => `Mostrar todo (${characters(length)})`,
    showLess: () => 'Mostrar menos',
    optionsChosen: ({ count }) => `${countPlural(L, count, { one: '# elegida', many: '# de elegidas', other: '# elegidas' })}:`,
    moreOptionsChosen: ({ count }) => `y ${countPlural(L, count, { one: '# más', other: '# más' })}`,
    noOptionsMatch: () => 'Ninguna opción coincide',
    optionsMatching: ({ count }) =>
      count === 0 ? 'Ninguna opción coincide' : countPlural(L, count, { one: '# opción', many: '# de opciones', other: '# opciones' }),
    optionChosen: ({ option, count }) => `${option} elegida, ${n(count)} en total`,
    optionRemoved: ({ option, count }) => `${option} quitada, ${n(count)} en total`,
  },
  prompt: {
    promptHeading: ({ toolName, title }) => title ?? toolName,
    jsonEditorLabel: () => 'Respuesta (JSON)',
    invalidJson: ({ detail }) => `Debe ser JSON válido: ${detail}`,
    schemaViolation: ({ path, message }) =>
      path === '' ? `La respuesta no cumple el esquema: ${message}` : `«${pointerSegments(path).join('.')}»: ${message}`,
    noSchemaNote: () => 'No se conoce ningún esquema para esta herramienta, así que solo se comprueba la sintaxis JSON.',
    validatorUnavailableNote: ({ reason }) =>
      reason === 'csp'
        ? 'La política de seguridad de esta página no permite comprobar la respuesta con el esquema de la herramienta, así que solo se comprueba la sintaxis JSON.'
        : reason === 'schema'
          ? 'El esquema de la herramienta no se puede usar, así que solo se comprueba la sintaxis JSON.'
          : 'No se pudo cargar el comprobador de esquemas, así que solo se comprueba la sintaxis JSON.',
  },
  approval: {
    heading: ({ toolName, title }) => title ?? `¿Aprobar ${toolName}?`,
    argumentName: ({ name, title }) => title ?? name,
    noArguments: () => 'Sin argumentos.',
    approve: () => 'Aprobar',
    reject: () => 'Rechazar',
    edit: () => 'Editar',
    reasonLabel: () => 'Motivo del rechazo (opcional)',
    reasonHint: () => 'El agente lo recibe con su respuesta.',
    sendRejection: () => 'Enviar rechazo',
    cancel: () => 'Cancelar',
    editHeading: () => 'Editar los argumentos',
    argumentsEditorLabel: () => 'Argumentos (JSON)',
    approveEdited: () => 'Aprobar con cambios',
  },
  request: {
    formHeading: () => 'Se solicitan datos',
    approvalHeading: () => 'Se solicita aprobación',
    linkHeading: () => 'Visitar una página',
    controlHeading: () => 'Tomar el control',
    sourceName: ({ source }) => sourceName(source, SOURCE_NAMES),
    requestedBy: ({ requester }) => `Solicitante: ${requester}. Revise la solicitud antes de responder.`,
    promptLabel: ({ heading, what, detail, ordinal }) => {
      const about = [what, detail].filter((part) => part !== undefined).join(' – ');
      const name = about === '' ? heading : `${heading}: ${about}`;
      return ordinal === undefined ? name : `${name} (${n(ordinal)})`;
    },
    decline: () => 'Declinar',
    cancel: () => 'Cancelar',
    openLink: ({ host }) => `Abrir ${host} (pestaña nueva)`,
    unsafeLink: ({ url }) => `El agente dio una dirección que no se puede abrir de forma segura: ${url}`,
    finished: () => 'He terminado',
    actionHeading: ({ name, index, count }) => `Acción ${n(index)} de ${n(count)}: ${name}`,
    respond: () => 'Responder',
    responseLabel: () => 'Su respuesta',
    sendResponse: () => 'Enviar respuesta',
    alwaysLabel: ({ name }) => `Siempre para ${name}`,
    alwaysHint: () => 'Su aprobación o rechazo se aplica también a las llamadas posteriores de esta herramienta, sin volver a preguntar.',
    decided: ({ decision, always }) =>
      ({ approve: 'Aprobada', edit: 'Aprobada con cambios', reject: 'Rechazada', respond: 'Respondida' })[decision] +
      (always ? ' — siempre para esta herramienta' : ''),
    changeDecision: () => 'Cambiar',
    sendDecisions: () => 'Enviar decisiones',
    decisionsLeft: ({ count }) =>
      countPlural(L, count, {
        one: 'Queda # acción por decidir',
        many: 'Quedan # de acciones por decidir',
        other: 'Quedan # acciones por decidir',
      }),
    timeLeft: ({ ms }) => `Tiempo restante: ${formatDuration(ms, L)}`,
    expired: () => 'Esta solicitud ha caducado. Se informó al agente de que no se respondió a tiempo.',
    answered: ({ action }) => ({ accept: 'Respuesta enviada.', decline: 'Solicitud declinada.', cancel: 'Solicitud cancelada.' })[action],
    schemaFallback: ({ property }) =>
      property === undefined
        ? 'Esta solicitud no se puede mostrar como formulario. Respóndala en JSON.'
        : `Esta solicitud no se puede mostrar como formulario: el campo «${property}» no es un valor simple. Respóndala en JSON.`,
  },
  control: {
    instructionsLabel: () => 'Qué hacer',
    takeControl: () => 'Tomar el control',
    takeControlHint: () =>
      'El agente espera mientras usted trabaja en su navegador; solo usted puede hacer clic y escribir allí hasta que lo devuelva.',
    heldByMe: () => 'Tiene el control. El agente espera hasta que lo devuelva.',
    leaveHint: () =>
      'Sus teclas van al navegador del agente. Para salir, pulse Tab tras su último control o Mayús+Tab antes del primero y luego «Salir de la vista en directo».',
    leaveLiveView: () => 'Salir de la vista en directo',
    noteLabel: () => 'Nota para el agente (opcional)',
    handBack: () => 'Devolver el control',
    couldNotDoIt: () => 'No pude hacerlo',
    heldElsewhere: () => 'Otra pestaña tiene el control. Esta vista es de solo lectura hasta que lo devuelva.',
    heldBy: ({ user, time }) => `${user} tiene el control desde las ${time}. Esta vista es de solo lectura hasta que lo devuelva.`,
    heldBySomeone: () => 'Otra persona tiene el control. Esta vista es de solo lectura hasta que lo devuelva.',
    unreachable: () => 'No se puede contactar con el servidor para saber quién tiene el control. Reintentando…',
    lapsed: () => 'Su control terminó: no se pudo contactar con el servidor para mantenerlo. Vuelva a tomar el control cuando se pueda.',
    ended: () => 'Esta cesión del control ha terminado, así que no se puede tomar el control.',
    failed: () =>
      'No se pudo cargar la vista en directo, así que no se puede tomar el control. Vuelva a conectar para intentarlo de nuevo.',
    lost: () => 'La vista en directo dejó de cargar, así que su control terminó. Vuelva a conectar y tome el control de nuevo.',
    frameTitle: () => 'Vista en directo del navegador del agente',
    unsafeLiveUrl: ({ url }) => `El agente dio una dirección de vista en directo que no se puede abrir de forma segura: ${url}`,
  },
  runViewer: {
    heading: ({ runId }) => (runId === undefined || runId === '' ? 'Última ejecución' : `Ejecución ${runId}`),
    statusError: ({ reason }) => `No se pudo cargar el estado de la ejecución: ${reason}`,
    keyRefused: () =>
      'El servicio rechazó la clave de API, así que no se puede mostrar la ejecución. Revise la clave y vuelva a intentarlo.',
    retry: () => 'Reintentar',
    submitting: () => 'Enviando su respuesta…',
    sent: () => 'Enviada. Esperando al agente…',
    submitError: ({ reason }) => `No se pudo enviar su respuesta: ${reason}`,
    resubmitting: () => 'Reenviando su respuesta…',
    tryAgain: () => 'Volver a intentarlo',
    editAnswer: () => 'Editar la respuesta',
    answerTooLarge: ({ limit: size }) =>
      size === ''
        ? 'Su respuesta es demasiado grande para que el servidor la acepte. Acórtela y vuelva a enviarla.'
        : `Su respuesta es demasiado grande para enviarla: el límite es ${size}. Acórtela y vuelva a enviarla.`,
    stale: () => 'Esta solicitud ya no está pendiente: el agente ha continuado.',
    answeredElsewhere: () => 'Esta solicitud se respondió en otro lugar, así que su respuesta no se envió.',
    probablyReceived: () => 'Probablemente su respuesta se recibió: el agente ha continuado.',
    answerInDoubt: () => 'Es posible que su respuesta ya se haya recibido. Comprobando si el agente la recibió…',
    dismiss: () => 'Descartar',
    handOffEnded: () => 'La ejecución terminó; el traspaso del control ha finalizado.',
    liveViewHeading: () => 'Vista en directo',
    resultLoading: () => 'Cargando el resultado…',
    resultError: ({ reason }) => `No se pudo cargar el resultado: ${reason}`,
    recordingHeading: () => 'Grabación',
    recordingError: ({ reason }) => `No se pudo cargar la grabación: ${reason}`,
    announceWaiting: () => 'El agente está esperando su respuesta.',
    waitingFor: ({ duration }) => `Esperando su respuesta desde hace ${duration}`,
    announceSent: () => 'Enviada. Esperando al agente…',
    announceCompleted: () => 'La ejecución se completó.',
    announceFailed: () => 'La ejecución falló.',
    announceStopped: () => 'La ejecución se detuvo.',
    announceEnded: ({ status }) => `La ejecución terminó con el estado ${status}.`,
  },
  statusBadge: {
    loading: () => 'Cargando el estado…',
    running: ({ status, detailedStatus }) => {
      const base = status.trim().toLowerCase() === 'running' ? 'En curso' : `Estado: ${status}`;
      return detailedStatus === undefined ? base : `${base} — ${detailedStatus}`;
    },
    processingPage: () => 'En curso — cargando una página',
    waitingForInput: () => 'Esperando su respuesta',
    answerSent: () => 'Respuesta enviada: el agente continúa',
    completed: () => 'Completada',
    failed: () => 'Fallida',
    stopped: () => 'Detenida',
    unknown: ({ status, detailedStatus }) => (detailedStatus === undefined ? `Estado: ${status}` : `Estado: ${status} (${detailedStatus})`),
  },
  stopRunButton: {
    stop: () => 'Detener ejecución',
    confirmQuestion: () => '¿Detener esta ejecución? El agente se detiene donde está. No se puede deshacer.',
    confirm: () => 'Sí, detener',
    cancel: () => 'Seguir ejecutando',
    stopping: () => 'Deteniendo…',
    stopped: () => 'Detención solicitada',
    error: ({ reason }) => `No se pudo detener la ejecución: ${reason}`,
    keyRefused: () => 'No se pudo detener la ejecución: el servicio rechazó la clave de API.',
  },
  runResult: {
    heading: () => 'Resultado',
    summaryLabel: () => 'Resumen',
    outputHeading: () => 'Salida',
    errorHeading: () => 'Error',
    noOutput: () => 'La ejecución no devolvió ninguna salida.',
  },
  dataTable: {
    caption: () => 'Datos extraídos',
    columnHeader: ({ key }) => (key === 'title' ? 'Título' : key === 'value' ? 'Valor' : key),
    empty: () => 'No se extrajo ningún dato.',
  },
  runGif: {
    alt: () => 'Grabación de la ejecución',
    loading: () => 'Cargando la grabación…',
    pending: ({ status }) =>
      status.trim() === '' || status.trim().toLowerCase() === 'pending'
        ? 'Se está preparando la grabación…'
        : `Estado de la grabación: ${status}`,
    failed: ({ status }) => `No hay ninguna grabación disponible (${status}).`,
    unsafeUrl: () => 'No se puede mostrar la grabación: su dirección no es una dirección web.',
    imageError: () => 'No se pudo cargar la grabación.',
    openInNewTab: () => 'Abrir la grabación en una pestaña nueva',
  },
  liveView: {
    frameTitle: () => 'Vista en directo de la ejecución',
    unavailable: () => 'Vista en directo no disponible',
    openInNewTab: () => 'Abrir la vista en directo en una pestaña nueva',
    connecting: () => 'Conectando con la vista en directo…',
    reconnecting: ({ attempt, maxAttempts }) =>
      `La vista en directo no responde. Reconectando (intento ${n(attempt)} de ${n(maxAttempts)})…`,
    unreachable: () => 'No se puede acceder a la vista en directo.',
    notResponding: () => 'La vista en directo no responde.',
    reconnect: () => 'Reconectar',
    viewOnly: () => 'Solo lectura',
  },
  runList: {
    heading: () => 'Ejecuciones',
    loading: () => 'Cargando las ejecuciones…',
    empty: () => 'Todavía no hay ejecuciones.',
    error: ({ reason }) => `No se pudieron cargar las ejecuciones: ${reason}`,
    keyRefused: () => 'No se pudieron cargar las ejecuciones: el servicio rechazó la clave de API.',
    retry: () => 'Reintentar',
    runId: ({ id }) => id,
    unknownDate: ({ value }) => `Iniciada ${value}`,
    pagination: () => 'Páginas de ejecuciones',
    previous: () => 'Anterior',
    next: () => 'Siguiente',
    pagePosition: ({ page, pageCount }) => `Página ${n(page)} de ${n(pageCount)}`,
  },
  taskList: {
    heading: () => 'Tareas',
    loading: () => 'Cargando las tareas…',
    empty: () => 'Todavía no hay tareas.',
    error: ({ reason }) => `No se pudieron cargar las tareas: ${reason}`,
    keyRefused: () => 'No se pudieron cargar las tareas: el servicio rechazó la clave de API.',
    retry: () => 'Reintentar',
    taskName: ({ name }) => name,
    taskStatus: ({ status }) => (status === 'active' ? 'Activa' : status),
    sameNameDetail: ({ idSuffix, latestRun }) =>
      latestRun === undefined ? `ID …${idSuffix}` : `ID …${idSuffix}, última ejecución ${latestRun}`,
    pagination: () => 'Páginas de tareas',
    previous: () => 'Anterior',
    next: () => 'Siguiente',
    pagePosition: ({ page, pageCount }) => `Página ${n(page)} de ${n(pageCount)}`,
  },
  inbox: {
    heading: ({ count }) => `Esperando su respuesta (${n(count)})`,
    headingUnknown: () => 'Esperando su respuesta',
    stale: ({ reason, duration }) => `No se pudo actualizar la bandeja de entrada: ${reason}. Última actualización hace ${duration}.`,
    listLabel: ({ requests }) => (requests ? 'Solicitudes que esperan su respuesta' : 'Llamadas a herramientas que esperan su respuesta'),
    endedListLabel: () => 'Ya no esperan',
    empty: () => 'No hay nada esperándole.',
    loading: () => 'Buscando agentes que le esperan…',
    error: ({ reason }) => `No se pudo cargar la bandeja de entrada: ${reason}`,
    retry: () => 'Reintentar',
    taskFallback: ({ taskId }) => `Tarea ${taskId}`,
    formTool: () => 'Formulario',
    waitingFor: ({ duration }) => `esperando desde hace ${duration}`,
    announceArrival: ({ task, title }) => (title === '' ? `${task} le está esperando.` : `${task} le está esperando: ${title}`),
    close: () => 'Cerrar',
    submitting: () => 'Enviando su respuesta…',
    submitError: ({ reason }) => `No se pudo enviar su respuesta: ${reason}`,
    enableNotifications: () => 'Avisarme cuando un agente espere',
    notificationTitle: ({ task }) => `${task} le está esperando`,
    requestSource: ({ source, requestedBy }) => {
      const name = sourceName(source, SOURCE_NAMES);
      return requestedBy === undefined ? name : `${requestedBy} (${name})`;
    },
    moreActions: ({ count }) => `+${n(count)} más`,
    expiresIn: ({ duration }) => `caduca en ${duration}`,
    requestAnswered: ({ user, time }) =>
      user === undefined
        ? time === undefined
          ? 'Otra persona respondió a esta solicitud.'
          : `Otra persona respondió a las ${time}.`
        : time === undefined
          ? `Respondida por ${user}.`
          : `Respondida por ${user} a las ${time}.`,
    requestCancelled: () => 'El agente retiró esta solicitud.',
    requestExpired: () => 'Esta solicitud ha caducado.',
    requestUnanswerable: () => 'Esta solicitud ya no se puede responder (su agente ya no está).',
    announceEnded: ({ title, status }) => (title === '' ? status : `${title}: ${status}`),
  },
  auditTrail: {
    heading: () => 'Historial',
    teamHeading: () => 'Actividad del equipo',
    loading: () => 'Cargando el historial…',
    empty: () => 'Todavía no se ha hecho nada desde esta aplicación.',
    error: ({ reason }) => `No se pudo cargar el historial: ${reason}`,
    retry: () => 'Reintentar',
    whenColumn: () => 'Cuándo',
    whoColumn: () => 'Quién',
    taskColumn: () => 'Tarea',
    loadMore: () => 'Cargar más',
    loadingMore: () => 'Cargando más…',
    actionColumn: () => 'Qué',
    outcomeColumn: () => 'Resultado',
    action: ({ action, duration }) =>
      ({
        create_task: 'Creó la tarea',
        answer: 'Respondió',
        stop_run: 'Detuvo la ejecución',
        stop_task: 'Detuvo la tarea',
        open_request: 'Solicitud abierta',
        answer_request: 'Respondió la solicitud',
        cancel_request: 'Solicitud cancelada',
        expire_request: 'Solicitud vencida',
        take_control: 'Tomó el control',
        release_control: duration === undefined ? 'Cedió el control' : `Cedió el control tras ${duration}`,
      })[action] ?? action,
    outcome: ({ outcome }) =>
      ({
        accepted: 'Hecho',
        already_answered: 'Alguien ya había respondido',
        answer_in_doubt: 'No se sabe si llegó',
        refused: 'Rechazado',
        failed: 'Falló',
        request_ended: 'La solicitud ya había terminado',
        lapsed: 'Su página se cerró',
        ended: 'El traspaso terminó',
      })[outcome] ?? outcome,
    answeredBy: ({ user, time }) => `Respondido por ${user} · ${time}`,
  },
  errors: {
    network: () => 'no se pudo contactar con el servicio. Compruebe la conexión',
    timeout: () => 'el servicio no respondió a tiempo',
    aborted: () => 'la solicitud se canceló',
    unreadable: () => 'no se pudo leer la respuesta del servicio',
    busy: () => 'el servicio está ocupado. Espere un momento',
    serviceFailed: ({ status }) => `el servicio tuvo un problema (HTTP ${status})`,
    refused: ({ status }) => `el servicio rechazó la solicitud (HTTP ${status})`,
    answerInDoubt: () => 'es posible que el servicio ya la haya recibido. Comprobando…',
  },
};
