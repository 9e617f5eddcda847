import dns2 from 'dns2';

const { Packet } = dns2;

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** Sets the TXT records of a name (each record one string); an empty list leaves the name existing without TXT. */
  setTxt(name: string, records: string[]): void;
  /**
   * Sets the IPv4 answers of a name: each A query takes the next answer in the list, the last one
   * repeating (a name that rebinds: public first, private later). TTL 0, so nothing caches it.
   */
  setA(name: string, answers: string[]): void;
  /** Removes a name: queries for it answer NXDOMAIN. */
  remove(name: string): void;
  /** Names asked for, in order. */
  queries: string[];
  close(): Promise<void>;
}

/** A real DNS server (dns2, UDP) on loopback answering the TXT records a test sets; unknown names are NXDOMAIN. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, string[]>();
  const aZone = new Map<string, string[]>();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      queries.push(name);
      const records = zone.get(name);
      const a = aZone.get(name);
      if (a) {
        if (question.type === Packet.TYPE.A) {
          const address = a.length > 1 ? a.shift()! : a[0];
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.A,
            class: Packet.CLASS.IN,
            ttl: 0,
            address,
          } as dns2.Packet.Resource);
        }
      } else if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question.type === Packet.TYPE.TXT) {
        // Plain records, as dns2 documents it; its typings ask for a toBuffer the encoder never uses on answers.
        for (const data of records)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data,
          } as dns2.Packet.Resource);
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp!.port}`,
    setTxt: (name, records) => {
      zone.set(name.toLowerCase(), records);
    },
    setA: (name, answers) => {
      aZone.set(name.toLowerCase(), [...answers]);
    },
    remove: (name) => {
      zone.delete(name.toLowerCase());
      aZone.delete(name.toLowerCase());
    },
    queries,
    close: () => server.close(),
  };
}
