/**
 * The rest of the stand-in `electron` main uses: dialogs, shell, the application menu, screens,
 * the default session and safeStorage. Each records what it was asked; none touches the desktop.
 */

export interface MenuItemOptions {
  label?: string
  role?: string
  type?: string
  accelerator?: string
  click?: (...args: unknown[]) => void
  submenu?: MenuItemOptions[]
  [option: string]: unknown
}

export class StandInMenu {
  constructor(readonly items: MenuItemOptions[]) {}
}

export interface MessageBoxOptions {
  title?: string
  message?: string
  detail?: string
  [option: string]: unknown
}

export interface SaveDialogOptions {
  title?: string
  defaultPath?: string
  [option: string]: unknown
}

export function createSystem() {
  const record = {
    messageBoxes: [] as MessageBoxOptions[],
    saveDialogs: [] as SaveDialogOptions[],
    errorBoxes: [] as { title: string; content: string }[],
    openedPaths: [] as string[],
    openedExternal: [] as string[],
    applicationMenu: undefined as StandInMenu | undefined,
    devCspInstalled: false
  }
  /** Where the next save dialog "chooses" to save; undefined: the user cancels. */
  let nextSavePath: string | undefined

  /** Electron's dialog functions take an optional parent window first. */
  const optionsOf = <T>(args: unknown[]): T => (args.length > 1 ? args[1] : args[0]) as T

  const dialog = {
    showMessageBox: (...args: unknown[]) => {
      record.messageBoxes.push(optionsOf<MessageBoxOptions>(args))
      return Promise.resolve({ response: 0, checkboxChecked: false })
    },
    showSaveDialog: (...args: unknown[]) => {
      record.saveDialogs.push(optionsOf<SaveDialogOptions>(args))
      const filePath = nextSavePath
      nextSavePath = undefined
      return Promise.resolve(
        filePath === undefined ? { canceled: true, filePath: '' } : { canceled: false, filePath }
      )
    },
    showErrorBox: (title: string, content: string) => {
      record.errorBoxes.push({ title, content })
    }
  }

  const shell = {
    openPath: (path: string) => {
      record.openedPaths.push(path)
      return Promise.resolve('')
    },
    openExternal: (url: string) => {
      record.openedExternal.push(url)
      return Promise.resolve()
    }
  }

  const Menu = {
    buildFromTemplate: (template: MenuItemOptions[]) => new StandInMenu(template),
    setApplicationMenu: (menu: StandInMenu | null) => {
      record.applicationMenu = menu ?? undefined
    },
    getApplicationMenu: () => record.applicationMenu ?? null
  }

  const workArea = { x: 0, y: 0, width: 1920, height: 1040 }
  const display = { id: 1, bounds: { ...workArea, height: 1080 }, workArea, scaleFactor: 1 }
  const screen = {
    getAllDisplays: () => [display],
    getPrimaryDisplay: () => display
  }

  const session = {
    defaultSession: {
      webRequest: {
        onHeadersReceived: () => {
          record.devCspInstalled = true
        }
      },
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined
    }
  }

  /** Reversible and never the plain text (the key must not reach the disk as typed). */
  const scramble = (bytes: Buffer): Buffer => Buffer.from(bytes.map((byte) => byte ^ 0x5a))
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (plainText: string) =>
      Buffer.concat([Buffer.from('v11'), scramble(Buffer.from(plainText, 'utf8'))]),
    decryptString: (encrypted: Buffer) => {
      if (encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting')
      return scramble(encrypted.subarray(3)).toString('utf8')
    }
  }

  return {
    record,
    chooseSavePath: (path: string | undefined) => {
      nextSavePath = path
    },
    dialog,
    shell,
    Menu,
    screen,
    session,
    safeStorage
  }
}
