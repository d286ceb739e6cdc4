// The emulator CLI's options.

export interface Options {
  printers: { name: string; port: number }[];
  host: string;
  httpPort: number;
}

function parsePort(value: string, flag: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag}: ${value} is not a port number`);
  return port;
}

export function parseArgs(argv: string[]): Options {
  const printers: Options['printers'] = [];
  let host = '127.0.0.1';
  let httpPort = 9180;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') {
      throw new Error('Usage: printer-emulator [--printer NAME=PORT]... [--host HOST] [--http-port PORT]');
    }
    if (value === undefined) throw new Error(`${flag} needs a value`);
    i++;
    switch (flag) {
      case '--printer': {
        const at = value.lastIndexOf('=');
        if (at <= 0) throw new Error(`--printer: expected NAME=PORT, got ${value}`);
        printers.push({ name: value.slice(0, at), port: parsePort(value.slice(at + 1), '--printer') });
        break;
      }
      case '--host':
        host = value;
        break;
      case '--http-port':
        httpPort = parsePort(value, '--http-port');
        break;
      default:
        throw new Error(`Unknown option ${flag}`);
    }
  }
  return { printers: printers.length > 0 ? printers : [{ name: 'Printer', port: 9100 }], host, httpPort };
}
