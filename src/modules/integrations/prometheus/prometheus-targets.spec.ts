import { scrapeTargets } from './prometheus-targets';

describe('scrapeTargets', () => {
  it('should list each machine once at the port of the listen address', () => {
    expect(scrapeTargets(['db1.example.com', 'db0.example.com', 'db1.example.com'], '0.0.0.0:9216')).toEqual([
      'db0.example.com:9216',
      'db1.example.com:9216',
    ]);
  });

  it('should bracket an IPv6 host and read the port after the last colon of an IPv6 listen address', () => {
    expect(scrapeTargets(['fd00::12', '[fd00::13]', '10.0.0.5', '[fd00::12]'], '[::]:9300')).toEqual([
      '10.0.0.5:9300',
      '[fd00::12]:9300',
      '[fd00::13]:9300',
    ]);
  });

  it('should list nothing when the project monitors no process', () => {
    expect(scrapeTargets([], '0.0.0.0:9216')).toEqual([]);
  });
});
