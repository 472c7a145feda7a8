// swift-format-ignore-file
// (A data table laid out by hand, one item a line: the formatter would
// break it into one argument a line.)

// Sample data written for this package: planets, countries, states and
// cities. Figures are approximate and for demonstration only.

extension StaticTree {
  /// The Planets sample: four planets; Earth's countries, some with states
  /// or provinces; each country's or state's cities; and each city's
  /// population, area and a short note. Earth and Japan start expanded.
  ///
  /// - Complexity: O(*n*) for the sample's *n* items.
  static func planets() -> StaticTree {
    StaticTree(title: "Planets (sample data)", roots: [
      planet("Mercury"),
      planet("Venus"),
      Node(OutlineEntry(name: "Earth", isContainer: true), children: earth(), startsExpanded: true),
      planet("Mars"),
    ])
  }
}

private extension StaticTree {
  /// Earth's countries, in name order.
  ///
  /// - Complexity: O(*n*) for the countries' *n* items.
  static func earth() -> [Node] {
    [
      country("Australia", [
        region("New South Wales", [
          city("Sydney", population: "5,450,000", area: "12,368 km²",
            about: "Australia's largest city, home to the Sydney Opera House."),
        ]),
        region("Victoria", [
          city("Melbourne", population: "5,200,000", area: "9,993 km²",
            about: "Capital of Victoria and seat of Australia's parliament from 1901 to 1927."),
        ]),
        region("Queensland", [
          city("Brisbane", population: "2,600,000", area: "15,842 km²",
            about: "Capital of Queensland, on the Brisbane River."),
        ]),
      ]),
      country("Brazil", [
        region("São Paulo", [
          city("São Paulo", population: "12,330,000", area: "1,521 km²",
            about: "The largest city in the Southern Hemisphere."),
        ]),
        region("Rio de Janeiro", [
          city("Rio de Janeiro", population: "6,750,000", area: "1,200 km²",
            about: "Capital of Brazil until 1960, when Brasília took over."),
        ]),
        region("Bahia", [
          city("Salvador", population: "2,900,000", area: "693 km²",
            about: "Brazil's first capital, founded in 1549."),
        ]),
      ]),
      country("Canada", [
        region("Ontario", [
          city("Toronto", population: "2,790,000", area: "630 km²",
            about: "Capital of Ontario and Canada's largest city."),
          city("Ottawa", population: "1,017,000", area: "2,790 km²",
            about: "The capital of Canada, on the Ottawa River."),
        ]),
        region("Quebec", [
          city("Montreal", population: "1,760,000", area: "365 km²",
            about: "Quebec's largest city, on an island in the St. Lawrence River."),
        ]),
        region("British Columbia", [
          city("Vancouver", population: "662,000", area: "115 km²",
            about: "A Pacific seaport between the Coast Mountains and the sea."),
        ]),
      ]),
      country("Egypt", [
        city("Cairo", population: "10,000,000", area: "3,085 km²",
          about: "Capital of Egypt, on the Nile near the pyramids of Giza."),
        city("Alexandria", population: "5,200,000", area: "2,300 km²",
          about: "Founded by Alexander the Great on the Mediterranean coast."),
      ]),
      country("France", [
        city("Paris", population: "2,100,000", area: "105 km²",
          about: "Capital of France, on the Seine."),
        city("Lyon", population: "520,000", area: "48 km²",
          about: "A city where the Rhône meets the Saône."),
        city("Marseille", population: "870,000", area: "241 km²",
          about: "France's oldest city, founded by Greek sailors around 600 BC."),
      ]),
      country("Germany", [
        region("Berlin", [
          city("Berlin", population: "3,850,000", area: "891 km²",
            about: "Capital of Germany, a city-state of its own."),
        ]),
        region("Bavaria", [
          city("Munich", population: "1,510,000", area: "311 km²",
            about: "Capital of Bavaria, on the Isar River."),
        ]),
        region("Hamburg", [
          city("Hamburg", population: "1,900,000", area: "755 km²",
            about: "A city-state on the Elbe with one of Europe's busiest ports."),
        ]),
      ]),
      country("India", [
        region("Maharashtra", [
          city("Mumbai", population: "12,440,000", area: "603 km²",
            about: "Capital of Maharashtra and India's financial centre."),
        ]),
        region("Karnataka", [
          city("Bengaluru", population: "8,440,000", area: "741 km²",
            about: "Capital of Karnataka and a centre of India's software industry."),
        ]),
        region("Tamil Nadu", [
          city("Chennai", population: "4,650,000", area: "426 km²",
            about: "Capital of Tamil Nadu, on the Bay of Bengal."),
        ]),
      ]),
      country("Italy", [
        city("Rome", population: "2,750,000", area: "1,285 km²",
          about: "Capital of Italy, with Vatican City inside its bounds."),
        city("Milan", population: "1,370,000", area: "182 km²",
          about: "Capital of Lombardy and a centre of fashion and finance."),
        city("Naples", population: "910,000", area: "119 km²",
          about: "A port on the Bay of Naples, near Mount Vesuvius."),
      ]),
      country("Japan", startsExpanded: true, [
        city("Tokyo", population: "13,960,000", area: "2,194 km²",
          about: "Capital of Japan, at the heart of the world's largest metropolitan area."),
        city("Osaka", population: "2,750,000", area: "225 km²",
          about: "A port city on Osaka Bay, long called the nation's kitchen."),
        city("Kyoto", population: "1,460,000", area: "828 km²",
          about: "Japan's imperial capital for more than a thousand years."),
      ]),
      country("Kenya", [
        city("Nairobi", population: "4,400,000", area: "696 km²",
          about: "Capital of Kenya, with a national park inside its limits."),
        city("Mombasa", population: "1,210,000", area: "220 km²",
          about: "Kenya's main port, partly on an island in the Indian Ocean."),
      ]),
      country("United States", [
        region("California", [
          city("Los Angeles", population: "3,820,000", area: "1,302 km²",
            about: "The largest city in California, home of Hollywood."),
          city("San Francisco", population: "808,000", area: "121 km²",
            about: "A hilly city on a peninsula, known for the Golden Gate Bridge."),
        ]),
        region("Illinois", [
          city("Chicago", population: "2,660,000", area: "606 km²",
            about: "The largest city in Illinois, on Lake Michigan."),
        ]),
        region("New York", [
          city("New York City", population: "8,260,000", area: "783 km²",
            about: "The most populous city in the United States."),
        ]),
        region("Texas", [
          city("Houston", population: "2,300,000", area: "1,651 km²",
            about: "The largest city in Texas, home of NASA's mission control."),
        ]),
      ]),
    ]
  }

  /// A planet without countries: a leaf.
  ///
  /// - Complexity: O(1).
  static func planet(_ name: String) -> Node {
    Node(OutlineEntry(name: name, detail: "no countries"))
  }

  /// A country holding states or provinces, or cities directly.
  ///
  /// - Complexity: O(1).
  static func country(_ name: String, startsExpanded: Bool = false, _ children: [Node]) -> Node {
    Node(OutlineEntry(name: name, isContainer: true), children: children, startsExpanded: startsExpanded)
  }

  /// A state or province holding cities.
  ///
  /// - Complexity: O(1).
  static func region(_ name: String, _ cities: [Node]) -> Node {
    Node(OutlineEntry(name: name, isContainer: true), children: cities)
  }

  /// A city with its three fields: population, area, and a one-sentence note.
  ///
  /// - Complexity: O(1).
  static func city(_ name: String, population: String, area: String, about: String) -> Node {
    Node(OutlineEntry(name: name, isContainer: true), children: [
      Node(OutlineEntry(name: "population", value: population)),
      Node(OutlineEntry(name: "area", value: area)),
      Node(OutlineEntry(name: "about", value: about)),
    ])
  }
}
