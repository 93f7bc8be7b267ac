import { isDateLikeKind, pointerSegments } from '../../schema';
import { countPlural, formatDuration, formatExactNumber, formatNumber } from '../format';
import type { Messages } from '../messages';
import { sourceName, type SourceNames } from '../source-names';

const L = 'ja';
const n = (value: number) => formatNumber(value, L);
const limit = (type: string, value: number, text: string) => (isDateLikeKind(type) ? text : formatExactNumber(value, L));
// Japanese has one plural form; counted through the same helper so the number is written the Japanese way.
const characters = (count: number) => countPlural(L, count, { other: '#文字' });

const SOURCE_NAMES: SourceNames = {
  mcp: 'MCPサーバー',
  langgraph: 'LangGraphエージェント',
  'ai-sdk': 'AI SDKエージェント',
  'ag-ui': 'AG-UIエージェント',
  'openai-agents': 'OpenAIエージェント',
  mastra: 'Mastraエージェント',
  'task-service': 'タスクサービス',
};

/** Japanese (`ja`): every message of `Messages`, in polite form (です・ます), with Japanese number formats. */
export const ja: Messages = {
  locale: L,
  form: {
    required: () => 'この項目は必須です',
    tooShort: ({ minLength }) => `${characters(minLength)}以上で入力してください`,
    tooLong: ({ maxLength }) => `${characters(maxLength)}以内で入力してください`,
    patternMismatch: () => '指定された形式で入力してください',
    rangeUnderflow: ({ type, min, minText }) =>
      isDateLikeKind(type) ? `${minText}以降を指定してください` : `${limit(type, min, minText)}以上の値を入力してください`,
    rangeOverflow: ({ type, max, maxText }) =>
      isDateLikeKind(type) ? `${maxText}以前を指定してください` : `${limit(type, max, maxText)}以下の値を入力してください`,
    stepMismatch: ({ lower, upper }) =>
      `有効な値を入力してください（例: ${formatExactNumber(lower, L)} または ${formatExactNumber(upper, L)}）`,
    invalidEmail: () => 'メールアドレスを入力してください（例: name@example.com）',
    invalidUrl: () => '完全なウェブアドレスを入力してください（例: https://example.com）',
    badInput: ({ type }) => (isDateLikeKind(type) ? '日付または時刻を最後まで入力してください' : '数値を入力してください'),
    tooFewChosen: ({ min }) => `${countPlural(L, min, { other: '#件' })}以上選択してください`,
    tooManyChosen: ({ max }) => `${countPlural(L, max, { other: '#件' })}以内で選択してください`,
    errorSummary: ({ count, labels }) => `${countPlural(L, count, { other: '#件の項目' })}を修正してください: ${labels.join('、')}。`,
    fieldLabelFallback: ({ index }) => `項目 ${n(index + 1)}`,
    selectPlaceholder: () => '選択してください',
    submit: () => '送信',
    sent: () => '送信済み',
    unknownTypeNote: ({ requestedType }) => `テキスト欄として表示しています。種類「${requestedType}」には対応していません。`,
    invalidPatternNote: () => '指定された形式はここでは確認できないため、どのようなテキストも受け付けます。',
    conflictingLimitsNote: () => '指定された制限が互いに矛盾しているため、確認しません。',
    noOptionsNote: () => '選択できる項目がありません。',
    invalidParameters: () => 'このフォームは表示できません。自動化エージェントからのリクエストに誤りがあります:',
    agentNotice: () => '自動化エージェントからのリクエストです。回答する前に内容を確認してください。',
    showAll: ({ length }) => `すべて表示（${characters(length)}）`,
    showLess: () => '折りたたむ',
    optionsChosen: ({ count }) => `${countPlural(L, count, { other: '#件' })}選択中:`,
    moreOptionsChosen: ({ count }) => `ほか${countPlural(L, count, { other: '#件' })}`,
    noOptionsMatch: () => '一致する選択肢はありません',
    optionsMatching: ({ count }) => (count === 0 ? '一致する選択肢はありません' : `${countPlural(L, count, { other: '#件' })}の選択肢`),
    optionChosen: ({ option, count }) => `${option}を選択しました（計${n(count)}件）`,
    optionRemoved: ({ option, count }) => `${option}の選択を解除しました（計${n(count)}件）`,
  },
  prompt: {
    promptHeading: ({ toolName, title }) => title ?? toolName,
    jsonEditorLabel: () => '回答（JSON）',
    invalidJson: ({ detail }) => `有効な JSON を入力してください: ${detail}`,
    schemaViolation: ({ path, message }) =>
      path === '' ? `回答がスキーマに合いません: ${message}` : `「${pointerSegments(path).join('.')}」: ${message}`,
    noSchemaNote: () => 'このツールのスキーマが不明なため、JSON の構文のみを確認します。',
    validatorUnavailableNote: ({ reason }) =>
      reason === 'csp'
        ? 'このページのセキュリティポリシーによりツールのスキーマで回答を確認できないため、JSON の構文のみを確認します。'
        : reason === 'schema'
          ? 'ツールのスキーマを使用できないため、JSON の構文のみを確認します。'
          : 'スキーマの確認機能を読み込めなかったため、JSON の構文のみを確認します。',
  },
  approval: {
    heading: ({ toolName, title }) => title ?? `${toolName} を承認しますか？`,
    argumentName: ({ name, title }) => title ?? name,
    noArguments: () => '引数はありません。',
    approve: () => '承認',
    reject: () => '却下',
    edit: () => '編集',
    reasonLabel: () => '却下の理由（任意）',
    reasonHint: () => 'エージェントは回答とともにこの理由を受け取ります。',
    sendRejection: () => '却下を送信',
    cancel: () => 'キャンセル',
    editHeading: () => '引数を編集',
    argumentsEditorLabel: () => '引数（JSON）',
    approveEdited: () => '変更して承認',
  },
  request: {
    formHeading: () => '入力のリクエスト',
    approvalHeading: () => '承認のリクエスト',
    linkHeading: () => 'ページを開いてください',
    controlHeading: () => '操作を引き継ぐ',
    sourceName: ({ source }) => sourceName(source, SOURCE_NAMES),
    requestedBy: ({ requester }) => `${requester}からのリクエストです。回答する前に内容を確認してください。`,
    promptLabel: ({ heading, what, detail, ordinal }) => {
      const about = [what, detail].filter((part) => part !== undefined).join('、');
      const name = about === '' ? heading : `${heading}：${about}`;
      return ordinal === undefined ? name : `${name}（${n(ordinal)}）`;
    },
    decline: () => '拒否',
    cancel: () => 'キャンセル',
    openLink: ({ host }) => `${host} を開く（新しいタブ）`,
    unsafeLink: ({ url }) => `エージェントが示したアドレスは安全に開けません: ${url}`,
    finished: () => '完了しました',
    actionHeading: ({ name, index, count }) => `アクション ${n(count)}件中${n(index)}件目: ${name}`,
    respond: () => '返答',
    responseLabel: () => '返答の内容',
    sendResponse: () => '返答を送信',
    alwaysLabel: ({ name }) => `${name} に常に適用`,
    alwaysHint: () => '承認または却下を、このツールの以降の呼び出しにも確認なしで適用します。',
    decided: ({ decision, always }) =>
      ({ approve: '承認済み', edit: '変更して承認済み', reject: '却下済み', respond: '返答済み' })[decision] +
      (always ? '（このツールでは常に）' : ''),
    changeDecision: () => '変更',
    sendDecisions: () => '決定を送信',
    decisionsLeft: ({ count }) => `未決定のアクションが残り${countPlural(L, count, { other: '#件' })}あります`,
    timeLeft: ({ ms }) => `残り時間: ${formatDuration(ms, L)}`,
    expired: () => 'このリクエストは期限切れです。期限内に回答がなかったことをエージェントに伝えました。',
    answered: ({ action }) => ({ accept: '回答を送信しました。', decline: '拒否しました。', cancel: 'キャンセルしました。' })[action],
    schemaFallback: ({ property }) =>
      property === undefined
        ? 'このリクエストはフォームとして表示できません。JSON で回答してください。'
        : `このリクエストはフォームとして表示できません。項目「${property}」は単純な値ではありません。JSON で回答してください。`,
  },
  control: {
    instructionsLabel: () => '手順',
    takeControl: () => '操作を引き継ぐ',
    takeControlHint: () =>
      'あなたがブラウザーを操作する間、エージェントは待機します。返却するまで、クリックや入力ができるのはあなただけです。',
    heldByMe: () => '操作中です。返却するまでエージェントは待機します。',
    leaveHint: () =>
      'キー入力はエージェントのブラウザーに送られます。抜けるには、最後の項目の後で Tab、または最初の項目の前で Shift+Tab を押し、「ライブビューを離れる」を選んでください。',
    leaveLiveView: () => 'ライブビューを離れる',
    noteLabel: () => 'エージェントへのメモ（任意）',
    handBack: () => '操作を返す',
    couldNotDoIt: () => 'できませんでした',
    heldElsewhere: () => '別のタブが操作中です。返却されるまで、この表示は閲覧のみです。',
    heldBy: ({ user, time }) => `${user} さんが ${time} から操作中です。返却されるまで、この表示は閲覧のみです。`,
    heldBySomeone: () => '別の人が操作中です。返却されるまで、この表示は閲覧のみです。',
    unreachable: () => 'サーバーに接続できないため、誰が操作中か確認できません。再試行しています…',
    lapsed: () => 'サーバーに接続できず操作を維持できなかったため、操作は終了しました。接続が戻ったら、もう一度引き継いでください。',
    ended: () => 'この引き継ぎは終了したため、操作を引き継げません。',
    failed: () => 'ライブビューを読み込めないため、操作を引き継げません。再接続してもう一度お試しください。',
    lost: () => 'ライブビューが読み込めなくなったため、操作は終了しました。再接続してから、もう一度引き継いでください。',
    frameTitle: () => 'エージェントのブラウザーのライブビュー',
    unsafeLiveUrl: ({ url }) => `エージェントが示したライブビューのアドレスは安全に開けません: ${url}`,
  },
  runViewer: {
    heading: ({ runId }) => (runId === undefined || runId === '' ? '最新の実行' : `実行 ${runId}`),
    statusError: ({ reason }) => `実行の状態を読み込めませんでした: ${reason}`,
    keyRefused: () => 'サービスが API キーを拒否したため、実行を表示できません。キーを確認してから再試行してください。',
    retry: () => '再試行',
    submitting: () => '回答を送信しています…',
    sent: () => '送信しました。エージェントを待っています…',
    submitError: ({ reason }) => `回答を送信できませんでした: ${reason}`,
    resubmitting: () => '回答を再送信しています…',
    tryAgain: () => '再送信',
    editAnswer: () => '回答を編集',
    answerTooLarge: ({ limit: size }) =>
      size === ''
        ? '回答が大きすぎるため、サーバーが受け付けません。短くしてから送信し直してください。'
        : `回答が大きすぎて送信できません（上限は ${size} です）。短くしてから送信し直してください。`,
    stale: () => 'このリクエストはすでに保留中ではありません。エージェントは次に進みました。',
    answeredElsewhere: () => 'このリクエストには別の場所で回答済みのため、あなたの回答は送信されませんでした。',
    probablyReceived: () => '回答はおそらく届いています。エージェントは次に進みました。',
    answerInDoubt: () => '回答はすでに届いている可能性があります。エージェントが受け取ったか確認しています…',
    dismiss: () => '閉じる',
    handOffEnded: () => '実行が終了したため、操作の引き継ぎは終わりました。',
    liveViewHeading: () => 'ライブビュー',
    resultLoading: () => '結果を読み込んでいます…',
    resultError: ({ reason }) => `結果を読み込めませんでした: ${reason}`,
    recordingHeading: () => '録画',
    recordingError: ({ reason }) => `録画を読み込めませんでした: ${reason}`,
    announceWaiting: () => 'エージェントがあなたの回答を待っています。',
    waitingFor: ({ duration }) => `${duration}前から回答を待っています`,
    announceSent: () => '送信しました。エージェントを待っています…',
    announceCompleted: () => '実行が完了しました。',
    announceFailed: () => '実行が失敗しました。',
    announceStopped: () => '実行が停止されました。',
    announceEnded: ({ status }) => `実行は状態 ${status} で終了しました。`,
  },
  statusBadge: {
    loading: () => '状態を読み込んでいます…',
    running: ({ status, detailedStatus }) => {
      const base = status.trim().toLowerCase() === 'running' ? '実行中' : `状態: ${status}`;
      return detailedStatus === undefined ? base : `${base} — ${detailedStatus}`;
    },
    processingPage: () => '実行中 — ページを読み込んでいます',
    waitingForInput: () => 'あなたの入力を待っています',
    answerSent: () => '回答を送信しました — エージェントが再開します',
    completed: () => '完了',
    failed: () => '失敗',
    stopped: () => '停止',
    unknown: ({ status, detailedStatus }) => (detailedStatus === undefined ? `状態: ${status}` : `状態: ${status}（${detailedStatus}）`),
  },
  stopRunButton: {
    stop: () => '実行を停止',
    confirmQuestion: () => 'この実行を停止しますか？エージェントは現在の位置で停止します。この操作は元に戻せません。',
    confirm: () => '停止する',
    cancel: () => '実行を続ける',
    stopping: () => '停止しています…',
    stopped: () => '停止を要求しました',
    error: ({ reason }) => `実行を停止できませんでした: ${reason}`,
    keyRefused: () => '実行を停止できませんでした: サービスが API キーを拒否しました。',
  },
  runResult: {
    heading: () => '結果',
    summaryLabel: () => '概要',
    outputHeading: () => '出力',
    errorHeading: () => 'エラー',
    noOutput: () => 'この実行には出力がありません。',
  },
  dataTable: {
    caption: () => '抽出したデータ',
    columnHeader: ({ key }) => (key === 'title' ? 'タイトル' : key === 'value' ? '値' : key),
    empty: () => '抽出されたデータはありません。',
  },
  runGif: {
    alt: () => '実行の録画',
    loading: () => '録画を読み込んでいます…',
    pending: ({ status }) =>
      status.trim() === '' || status.trim().toLowerCase() === 'pending' ? '録画を準備しています…' : `録画の状態: ${status}`,
    failed: ({ status }) => `利用できる録画はありません（${status}）。`,
    unsafeUrl: () => '録画を表示できません: アドレスがウェブアドレスではありません。',
    imageError: () => '録画を読み込めませんでした。',
    openInNewTab: () => '録画を新しいタブで開く',
  },
  liveView: {
    frameTitle: () => '実行のライブビュー',
    unavailable: () => 'ライブビューは利用できません',
    openInNewTab: () => 'ライブビューを新しいタブで開く',
    connecting: () => 'ライブビューに接続しています…',
    reconnecting: ({ attempt, maxAttempts }) => `ライブビューが応答しません。再接続しています（${n(maxAttempts)}回中${n(attempt)}回目）…`,
    unreachable: () => 'ライブビューに接続できません。',
    notResponding: () => 'ライブビューが応答しません。',
    reconnect: () => '再接続',
    viewOnly: () => '表示のみ',
  },
  runList: {
    heading: () => '実行',
    loading: () => '実行を読み込んでいます…',
    empty: () => '実行はまだありません。',
    error: ({ reason }) => `実行を読み込めませんでした: ${reason}`,
    keyRefused: () => '実行を読み込めませんでした: サービスが API キーを拒否しました。',
    retry: () => '再試行',
    runId: ({ id }) => id,
    unknownDate: ({ value }) => `開始: ${value}`,
    pagination: () => '実行のページ',
    previous: () => '前へ',
    next: () => '次へ',
    pagePosition: ({ page, pageCount }) => `${n(pageCount)}ページ中${n(page)}ページ目`,
  },
  taskList: {
    heading: () => 'タスク',
    loading: () => 'タスクを読み込んでいます…',
    empty: () => 'タスクはまだありません。',
    error: ({ reason }) => `タスクを読み込めませんでした: ${reason}`,
    keyRefused: () => 'タスクを読み込めませんでした: サービスが API キーを拒否しました。',
    retry: () => '再試行',
    taskName: ({ name }) => name,
    taskStatus: ({ status }) => (status === 'active' ? '有効' : status),
    sameNameDetail: ({ idSuffix, latestRun }) => (latestRun === undefined ? `ID …${idSuffix}` : `ID …${idSuffix}、最新の実行 ${latestRun}`),
    pagination: () => 'タスクのページ',
    previous: () => '前へ',
    next: () => '次へ',
    pagePosition: ({ page, pageCount }) => `${n(pageCount)}ページ中${n(page)}ページ目`,
  },
  inbox: {
    heading: ({ count }) => `あなたの対応待ち（${n(count)}件）`,
    headingUnknown: () => 'あなたの対応待ち',
    stale: ({ reason, duration }) => `受信トレイを更新できませんでした: ${reason}。最終更新は${duration}前です。`,
    listLabel: ({ requests }) => (requests ? 'あなたの回答を待っているリクエスト' : 'あなたの回答を待っているツール呼び出し'),
    endedListLabel: () => '対応待ちではなくなったもの',
    empty: () => '対応待ちのものはありません。',
    loading: () => 'あなたを待っているエージェントを探しています…',
    error: ({ reason }) => `受信トレイを読み込めませんでした: ${reason}`,
    retry: () => '再試行',
    taskFallback: ({ taskId }) => `タスク ${taskId}`,
    formTool: () => 'フォーム',
    waitingFor: ({ duration }) => `${duration}待機中`,
    announceArrival: ({ task, title }) => (title === '' ? `${task}があなたを待っています。` : `${task}があなたを待っています: ${title}`),
    close: () => '閉じる',
    submitting: () => '回答を送信しています…',
    submitError: ({ reason }) => `回答を送信できませんでした: ${reason}`,
    enableNotifications: () => 'エージェントが待っているときに通知する',
    notificationTitle: ({ task }) => `${task}があなたを待っています`,
    requestSource: ({ source, requestedBy }) => {
      const name = sourceName(source, SOURCE_NAMES);
      return requestedBy === undefined ? name : `${requestedBy}（${name}）`;
    },
    moreActions: ({ count }) => `ほか${n(count)}件`,
    expiresIn: ({ duration }) => `あと${duration}で期限切れ`,
    requestAnswered: ({ user, time }) =>
      user === undefined
        ? time === undefined
          ? '別の人がこのリクエストに回答しました。'
          : `別の人が${time}に回答しました。`
        : time === undefined
          ? `${user} さんが回答しました。`
          : `${user} さんが${time}に回答しました。`,
    requestCancelled: () => 'エージェントがこのリクエストを取り下げました。',
    requestExpired: () => 'このリクエストは期限切れです。',
    requestUnanswerable: () => 'このリクエストにはもう回答できません（エージェントが終了しました）。',
    announceEnded: ({ title, status }) => (title === '' ? status : `${title}: ${status}`),
  },
  auditTrail: {
    heading: () => '履歴',
    teamHeading: () => 'チームのアクティビティ',
    loading: () => '履歴を読み込んでいます…',
    empty: () => 'このアプリからの操作はまだありません。',
    error: ({ reason }) => `履歴を読み込めませんでした: ${reason}`,
    retry: () => '再試行',
    whenColumn: () => '日時',
    whoColumn: () => '実行者',
    taskColumn: () => 'タスク',
    loadMore: () => 'さらに読み込む',
    loadingMore: () => 'さらに読み込んでいます…',
    actionColumn: () => '操作',
    outcomeColumn: () => '結果',
    action: ({ action, duration }) =>
      ({
        create_task: 'タスクを作成',
        answer: '回答',
        stop_run: '実行を停止',
        stop_task: 'タスクを停止',
        open_request: 'リクエストを作成',
        answer_request: 'リクエストに回答',
        cancel_request: 'リクエストを取り消し',
        expire_request: 'リクエストが期限切れ',
        take_control: '操作を引き継いだ',
        release_control: duration === undefined ? '操作を返した' : `${duration}後に操作を返した`,
      })[action] ?? action,
    outcome: ({ outcome }) =>
      ({
        accepted: '完了',
        already_answered: '既に他の人が回答済み',
        answer_in_doubt: '届いたか不明',
        refused: '拒否',
        failed: '失敗',
        request_ended: 'リクエストは既に終了していた',
        lapsed: 'ページが閉じられた',
        ended: '引き継ぎが終了した',
      })[outcome] ?? outcome,
    answeredBy: ({ user, time }) => `${user} が回答 · ${time}`,
  },
  errors: {
    network: () => 'サービスに接続できません。接続を確認してください',
    timeout: () => 'サービスが時間内に応答しませんでした',
    aborted: () => 'リクエストは取り消されました',
    unreadable: () => 'サービスの応答を読み取れませんでした',
    busy: () => 'サービスが混み合っています。しばらくお待ちください',
    serviceFailed: ({ status }) => `サービスで問題が発生しました (HTTP ${status})`,
    refused: ({ status }) => `サービスがリクエストを拒否しました (HTTP ${status})`,
    answerInDoubt: () => 'サービスがすでに受け取っている可能性があります。確認しています…',
  },
};
